import { describe, expect, it } from 'vitest';
import { dateValue, entityValue, labelValue, textValue, titleValue } from '../../api';
import { unappliedChanges } from './weblink-changes';

const asked = {
  properties: {
    title: titleValue('A page'),
    tags: entityValue(['t1', 't2']),
    status: labelValue([{ id: 'reading', name: 'Reading' }]),
    readOn: dateValue({ start: '2026-03-15', resolution: 'day' }),
    description: textValue('Short.'),
  },
  collections: ['c1'],
};

describe('unappliedChanges', () => {
  it('is null when the created object holds everything asked for (the spec server)', () => {
    const object = {
      collections: ['c1'],
      properties: {
        title: { type: 'title' as const, title: { value: 'A page' } },
        tags: { type: 'entity' as const, entity: [{ id: 't2' }, { id: 't1' }] },
        status: { type: 'label' as const, label: [{ id: 'reading', name: 'Reading', color: 'blue' }] },
        readOn: {
          type: 'date' as const,
          date: { dateResolution: 'day' as const, start: '2026-03-15T00:00:00.000Z', end: null },
        },
        description: { type: 'text' as const, text: { value: 'Short.' } },
      },
    };
    expect(unappliedChanges(asked, object)).toBeNull();
  });

  it('names what a server that kept only title and description dropped (the published server)', () => {
    const object = {
      collections: [],
      properties: {
        title: { type: 'title' as const, title: { value: 'A page' } },
        tags: { type: 'entity' as const, entity: [] },
        description: { type: 'text' as const, text: { value: 'Short.' } },
      },
    };
    expect(unappliedChanges(asked, object)).toEqual({
      properties: { tags: asked.properties.tags, status: asked.properties.status, readOn: asked.properties.readOn },
      collections: ['c1'],
    });
  });

  it('counts a value read back differently as missing, and a property named like an Object member as absent', () => {
    const object = {
      collections: ['c1', 'c2'],
      properties: { title: { type: 'title' as const, title: { value: 'Another title' } } },
    };
    const odd = { properties: { title: titleValue('A page'), constructor: textValue('x') } };
    expect(unappliedChanges(odd, object)).toEqual({ properties: odd.properties });
  });
});
