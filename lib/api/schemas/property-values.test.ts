import { describe, expect, it } from 'vitest';
import { propertiesInputSchema, propertyValueInputSchema, propertyValueSchema } from './property-values';

const read = (value: unknown) => propertyValueSchema.parse(value);

describe('propertyValueSchema (response values)', () => {
  it('reads every documented value type in the emulator shape', () => {
    const values = [
      { type: 'title', title: { value: 'T' } },
      { type: 'text', text: { value: 'x' } },
      { type: 'number', number: { value: 3.5 } },
      { type: 'boolean', boolean: { value: true } },
      { type: 'url', url: { value: 'https://a.example' } },
      { type: 'date', date: { dateResolution: 'day', start: '2024-05-01T00:00:00.000Z', end: null } },
      { type: 'label', label: [{ id: 'l1', name: 'One', color: 'red' }] },
      { type: 'entity', entity: [{ id: 'e1' }] },
      { type: 'createdAt', createdAt: { value: '2024-05-01T10:00:00.000Z' } },
      { type: 'lastUpdatedAt', lastUpdatedAt: { value: '2024-05-02T10:00:00.000Z' } },
      { type: 'richText', richText: { tokens: [{ type: 'TextToken', text: 'hi', style: { bold: true } }] } },
    ];
    for (const value of values) expect(read(value)).toEqual(value);
  });

  it('normalises the bare-primitive variant to { value } (README decisions table)', () => {
    expect(read({ type: 'text', text: 'plain' })).toEqual({ type: 'text', text: { value: 'plain' } });
    expect(read({ type: 'number', number: 7 })).toEqual({ type: 'number', number: { value: 7 } });
    expect(read({ type: 'boolean', boolean: false })).toEqual({ type: 'boolean', boolean: { value: false } });
    expect(read({ type: 'url', url: 'https://x.example' })).toEqual({
      type: 'url',
      url: { value: 'https://x.example' },
    });
    expect(read({ type: 'createdAt', createdAt: '2024-01-01T00:00:00Z' })).toEqual({
      type: 'createdAt',
      createdAt: { value: '2024-01-01T00:00:00Z' },
    });
  });

  it('reads a cleared value (null, or a missing value key) as null', () => {
    expect(read({ type: 'text', text: { value: null } })).toEqual({ type: 'text', text: { value: null } });
    expect(read({ type: 'url', url: null })).toEqual({ type: 'url', url: { value: null } });
    expect(read({ type: 'number', number: {} })).toEqual({ type: 'number', number: { value: null } });
  });

  it('fills a missing date end with null and keeps an unset start as null', () => {
    expect(read({ type: 'date', date: { dateResolution: 'time', start: null } })).toEqual({
      type: 'date',
      date: { dateResolution: 'time', start: null, end: null },
    });
  });

  it('keeps an unknown value type as an unknown variant instead of failing', () => {
    const raw = { type: 'formula', formula: { value: 42 } };
    expect(read(raw)).toEqual({ type: 'unknown', rawType: 'formula', raw });
  });

  it('degrades a known type with an unreadable payload to unknown', () => {
    const raw = { type: 'date', date: { dateResolution: 'week', start: 'x' } };
    expect(read(raw)).toMatchObject({ type: 'unknown', rawType: 'date' });
    expect(read({ type: 'label', label: 'todo' })).toMatchObject({ type: 'unknown', rawType: 'label' });
  });

  it('tolerates extra fields, e.g. structureId on an entity link', () => {
    expect(read({ type: 'entity', entity: [{ id: 'e1', structureId: 'RootTag' }], extra: 1 })).toEqual({
      type: 'entity',
      entity: [{ id: 'e1' }],
    });
  });

  it('rejects a value without a type', () => {
    expect(propertyValueSchema.safeParse({ text: { value: 'x' } }).success).toBe(false);
    expect(propertyValueSchema.safeParse('x').success).toBe(false);
  });
});

describe('propertyValueInputSchema (request values)', () => {
  const ok = (value: unknown) => propertyValueInputSchema.safeParse(value).success;

  it('accepts every writable shape', () => {
    expect(ok({ type: 'title', title: { value: 'T' } })).toBe(true);
    expect(ok({ type: 'text', text: { value: null } })).toBe(true);
    expect(ok({ type: 'number', number: { value: 1 } })).toBe(true);
    expect(ok({ type: 'boolean', boolean: { value: true } })).toBe(true);
    expect(ok({ type: 'url', url: { value: 'https://a.example/x?y=1' } })).toBe(true);
    expect(ok({ type: 'date', date: { dateResolution: 'day', start: '2024-05-01T00:00:00.000Z' } })).toBe(true);
    expect(ok({ type: 'date', date: { dateResolution: 'time', start: '2024-05-01T10:30:00+02:00', end: null } })).toBe(
      true,
    );
    expect(ok({ type: 'date', date: { start: '2024-05-01T10:30:00Z' } })).toBe(true);
    expect(ok({ type: 'label', label: [] })).toBe(true);
    expect(ok({ type: 'entity', entity: [{ id: 'a' }, { id: 'b' }] })).toBe(true);
    expect(ok({ type: 'createdAt', createdAt: { value: '2024-05-01T10:00:00.000Z' } })).toBe(true);
    expect(ok({ type: 'richText', richText: { tokens: [{ type: 'LinkToken', text: 'a', url: 'https://a' }] } })).toBe(
      true,
    );
  });

  it('refuses a day date that is not UTC midnight in canonical form, naming the field', () => {
    for (const start of [
      '2024-05-01',
      '2024-05-01T00:00:00Z',
      '2024-05-01T10:00:00.000Z',
      '2024-02-30T00:00:00.000Z',
    ]) {
      const result = propertyValueInputSchema.safeParse({ type: 'date', date: { dateResolution: 'day', start } });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['date', 'start']);
      expect(result.error?.issues[0]?.message).toContain('2024-05-01T00:00:00.000Z');
    }
    const end = propertyValueInputSchema.safeParse({
      type: 'date',
      date: { dateResolution: 'day', start: '2024-05-01T00:00:00.000Z', end: '2024-05-02T12:00:00.000Z' },
    });
    expect(end.error?.issues[0]?.path).toEqual(['date', 'end']);
  });

  it('refuses a date that is not ISO 8601 at all', () => {
    expect(ok({ type: 'date', date: { dateResolution: 'time', start: 'yesterday' } })).toBe(false);
  });

  it('refuses values of the wrong primitive type, non-finite numbers and non-http URLs', () => {
    expect(ok({ type: 'text', text: { value: 3 } })).toBe(false);
    expect(ok({ type: 'number', number: { value: Number.NaN } })).toBe(false);
    expect(ok({ type: 'number', number: { value: Number.POSITIVE_INFINITY } })).toBe(false);
    expect(ok({ type: 'url', url: { value: 'javascript:alert(1)' } })).toBe(false);
    expect(ok({ type: 'url', url: { value: 'example.com' } })).toBe(false);
    expect(ok({ type: 'entity', entity: [{ id: '' }] })).toBe(false);
    expect(ok({ type: 'entity', entity: ['e1'] })).toBe(false);
  });

  it('refuses read-only and unknown types', () => {
    expect(ok({ type: 'lastUpdatedAt', lastUpdatedAt: { value: '2024-05-01T10:00:00.000Z' } })).toBe(false);
    expect(ok({ type: 'formula', formula: {} })).toBe(false);
    expect(ok({ type: 'unknown', rawType: 'x', raw: {} })).toBe(false);
  });

  it('sends a label option as { id, name } (the published reference requires the name) and an entity as { id }', () => {
    expect(propertyValueInputSchema.parse({ type: 'label', label: [{ id: 'l1', name: 'One', color: 'red' }] })).toEqual(
      { type: 'label', label: [{ id: 'l1', name: 'One' }] },
    );
    expect(propertyValueInputSchema.safeParse({ type: 'label', label: [{ id: 'l1' }] }).success).toBe(false);
    expect(propertyValueInputSchema.parse({ type: 'entity', entity: [{ id: 'e1', structureId: 'RootTag' }] })).toEqual({
      type: 'entity',
      entity: [{ id: 'e1' }],
    });
  });

  it('validates a whole properties map and refuses an empty property id', () => {
    expect(propertiesInputSchema.safeParse({ title: { type: 'title', title: { value: 'x' } } }).success).toBe(true);
    expect(propertiesInputSchema.safeParse({ '': { type: 'title', title: { value: 'x' } } }).success).toBe(false);
  });
});
