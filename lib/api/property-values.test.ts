import { describe, expect, it } from 'vitest';
import { InvalidInputError } from './errors';
import {
  booleanValue,
  canonicalDay,
  dateResolutionOf,
  dateValue,
  entityValue,
  isCanonicalDay,
  labelValue,
  numberValue,
  readBoolean,
  readCreatedAt,
  readDate,
  readEntityIds,
  readLabelIds,
  readLastUpdatedAt,
  readNumber,
  readRichText,
  readText,
  readTitle,
  readUrl,
  richTextValue,
  textValue,
  titleValue,
  urlValue,
} from './property-values';
import { workspaceObjectSchema } from './schemas/objects';
import { propertyValueInputSchema } from './schemas/property-values';

describe('canonicalDay', () => {
  it('turns YYYY-MM-DD into UTC midnight', () => {
    expect(canonicalDay('2024-05-01')).toBe('2024-05-01T00:00:00.000Z');
  });

  it('reads a Date on the local calendar, whatever the hour', () => {
    expect(canonicalDay(new Date(2024, 4, 1, 23, 59))).toBe('2024-05-01T00:00:00.000Z');
    expect(canonicalDay(new Date(2024, 0, 9, 0, 1))).toBe('2024-01-09T00:00:00.000Z');
  });

  it('refuses impossible days, other formats and invalid dates', () => {
    for (const bad of ['2024-02-30', '2024-5-1', '01/05/2024', '2024-05-01T00:00:00.000Z']) {
      expect(() => canonicalDay(bad)).toThrow(InvalidInputError);
    }
    expect(() => canonicalDay(new Date(Number.NaN))).toThrow(InvalidInputError);
  });

  it('isCanonicalDay accepts only the exact canonical form', () => {
    expect(isCanonicalDay('2024-05-01T00:00:00.000Z')).toBe(true);
    expect(isCanonicalDay('2024-05-01T00:00:00Z')).toBe(false);
    expect(isCanonicalDay('2024-05-01T00:00:00.000+00:00')).toBe(false);
    expect(isCanonicalDay('2023-02-29T00:00:00.000Z')).toBe(false);
  });
});

describe('value builders', () => {
  it('build the wire shape of every writable type', () => {
    expect(titleValue('T')).toEqual({ type: 'title', title: { value: 'T' } });
    expect(textValue('x')).toEqual({ type: 'text', text: { value: 'x' } });
    expect(textValue(null)).toEqual({ type: 'text', text: { value: null } });
    expect(numberValue(2)).toEqual({ type: 'number', number: { value: 2 } });
    expect(booleanValue(false)).toEqual({ type: 'boolean', boolean: { value: false } });
    expect(urlValue('https://a.example')).toEqual({ type: 'url', url: { value: 'https://a.example' } });
    expect(labelValue([{ id: 'todo', name: 'To do' }])).toEqual({
      type: 'label',
      label: [{ id: 'todo', name: 'To do' }],
    });
    expect(labelValue([])).toEqual({ type: 'label', label: [] });
    expect(entityValue(['a', 'b'])).toEqual({ type: 'entity', entity: [{ id: 'a' }, { id: 'b' }] });
    expect(richTextValue([{ type: 'TextToken', text: 'x' }])).toEqual({
      type: 'richText',
      richText: { tokens: [{ type: 'TextToken', text: 'x' }] },
    });
  });

  it('dateValue canonicalises day dates given as YYYY-MM-DD or Date', () => {
    expect(dateValue({ start: '2024-05-01', end: new Date(2024, 4, 3, 15), resolution: 'day' })).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: '2024-05-01T00:00:00.000Z', end: '2024-05-03T00:00:00.000Z' },
    });
  });

  it('dateValue keeps time dates as ISO strings and leaves the resolution out when not given', () => {
    const at = new Date('2024-05-01T10:30:00.000Z');
    expect(dateValue({ start: at, resolution: 'time' })).toEqual({
      type: 'date',
      date: { dateResolution: 'time', start: '2024-05-01T10:30:00.000Z' },
    });
    expect(dateValue({ start: '2024-05-01T10:30:00Z' })).toEqual({
      type: 'date',
      date: { start: '2024-05-01T10:30:00Z' },
    });
    expect(dateValue({ start: null, end: null, resolution: 'day' })).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: null, end: null },
    });
  });

  it('dateValue output passes request validation, a non-canonical day string does not', () => {
    expect(propertyValueInputSchema.safeParse(dateValue({ start: '2024-05-01', resolution: 'day' })).success).toBe(
      true,
    );
    expect(
      propertyValueInputSchema.safeParse(dateValue({ start: '2024-05-01T09:00:00.000Z', resolution: 'day' })).success,
    ).toBe(false);
  });

  it('dateResolutionOf falls back to day when a definition names none', () => {
    expect(dateResolutionOf({ dateResolution: 'time' })).toBe('time');
    expect(dateResolutionOf({})).toBe('day');
  });
});

describe('value readers', () => {
  const object = workspaceObjectSchema.parse({
    id: 'o',
    structureId: 'RootPage',
    collections: [],
    properties: {
      name: { type: 'title', title: { value: 'Named' } },
      note: { type: 'text', text: 'bare text' },
      cleared: { type: 'text', text: { value: null } },
      count: { type: 'number', number: { value: 0 } },
      done: { type: 'boolean', boolean: false },
      link: { type: 'url', url: { value: 'https://a.example' } },
      due: { type: 'date', date: { dateResolution: 'day', start: '2024-05-01T00:00:00.000Z' } },
      unset: { type: 'date', date: { dateResolution: 'day', start: null } },
      status: { type: 'label', label: [{ id: 'todo', name: 'To do' }] },
      tags: { type: 'entity', entity: [{ id: 't1' }, { id: 't2' }] },
      made: { type: 'createdAt', createdAt: '2024-01-01T00:00:00.000Z' },
      changed: { type: 'lastUpdatedAt', lastUpdatedAt: { value: '2024-02-01T00:00:00.000Z' } },
      summary: { type: 'richText', richText: { tokens: [{ type: 'TextToken', text: 'rich' }] } },
      odd: { type: 'formula', formula: 1 },
    },
  });

  it('read each type, including the bare-primitive variants', () => {
    expect(readTitle(object)).toBe('Named');
    expect(readText(object, 'note')).toBe('bare text');
    expect(readNumber(object, 'count')).toBe(0);
    expect(readBoolean(object, 'done')).toBe(false);
    expect(readUrl(object, 'link')).toBe('https://a.example');
    expect(readDate(object, 'due')).toEqual({ resolution: 'day', start: '2024-05-01T00:00:00.000Z', end: null });
    expect(readLabelIds(object, 'status')).toEqual(['todo']);
    expect(readEntityIds(object, 'tags')).toEqual(['t1', 't2']);
    expect(readCreatedAt(object)).toBe('2024-01-01T00:00:00.000Z');
    expect(readLastUpdatedAt(object)).toBe('2024-02-01T00:00:00.000Z');
    expect(readRichText(object, 'summary')).toEqual([{ type: 'TextToken', text: 'rich' }]);
  });

  it('answer undefined or [] for missing, cleared, unknown or other-typed properties', () => {
    expect(readText(object, 'cleared')).toBeUndefined();
    expect(readText(object, 'missing')).toBeUndefined();
    expect(readText(object, 'count')).toBeUndefined();
    expect(readNumber(object, 'odd')).toBeUndefined();
    expect(readDate(object, 'unset')).toBeUndefined();
    expect(readEntityIds(object, 'missing')).toEqual([]);
    expect(readLabelIds(object, 'tags')).toEqual([]);
    expect(readRichText(object, 'note')).toEqual([]);
  });

  it('readTitle prefers the title property and answers "" when there is no title', () => {
    expect(
      readTitle({
        properties: {
          other: { type: 'title', title: { value: 'Other' } },
          title: { type: 'title', title: { value: 'Main' } },
        },
      }),
    ).toBe('Main');
    expect(readTitle({ properties: {} })).toBe('');
  });
});
