import { describe, expect, it } from 'vitest';
import type { PropertyValue } from '@/lib/api';
import type { FieldDefinition } from '@/lib/fields/field-definition';
import { changedProperties } from './field-changes';
import { fieldValuesFromServer } from './server-values';

const definitions: FieldDefinition[] = [
  {
    id: 'status',
    name: 'Status',
    type: 'label',
    writable: true,
    multiple: false,
    labelSet: [
      { id: 'r', name: 'Reading' },
      { id: 'd', name: 'Done' },
    ],
  },
  { id: 'rating', name: 'Rating', type: 'number', writable: true },
  { id: 'note', name: 'Note', type: 'text', writable: true },
  { id: 'readOn', name: 'Read on', type: 'date', writable: true, dateResolution: 'day' },
  { id: 'favourite', name: 'Favourite', type: 'boolean', writable: true },
  { id: 'related', name: 'Related', type: 'entity', writable: true },
];

const saved: Record<string, PropertyValue> = {
  status: { type: 'label', label: [{ id: 'r', name: 'Reading' }] },
  rating: { type: 'number', number: { value: 4 } },
  note: { type: 'text', text: { value: 'Keep' } },
  readOn: { type: 'date', date: { dateResolution: 'day', start: '2026-03-15T00:00:00.000Z', end: null } },
  favourite: { type: 'boolean', boolean: { value: true } },
  related: { type: 'entity', entity: [{ id: 'p1' }, { id: 'p2' }] },
};

describe('the edit view of a saved object', () => {
  it('shows each value as its control does, linked objects by title (or id, when the title is unknown)', () => {
    expect(fieldValuesFromServer(definitions, saved, { p1: 'Page one' })).toEqual({
      status: { type: 'label', ids: ['r'] },
      rating: { type: 'number', raw: '4' },
      note: { type: 'text', text: 'Keep' },
      readOn: { type: 'date', value: '2026-03-15' },
      favourite: { type: 'boolean', checked: true },
      related: {
        type: 'entity',
        items: [
          { id: 'p1', title: 'Page one' },
          { id: 'p2', title: 'p2' },
        ],
      },
    });
  });

  it('sends only the keys that changed, and clears an emptied field instead of leaving it', () => {
    const before = fieldValuesFromServer(definitions, saved, {});
    const after = {
      ...before,
      status: { type: 'label' as const, ids: ['d'] },
      rating: { type: 'number' as const, raw: '4.0' },
      note: { type: 'text' as const, text: '' },
      favourite: { type: 'boolean' as const, checked: false },
    };
    expect(changedProperties(definitions, before, after)).toEqual({
      status: { type: 'label', label: [{ id: 'd', name: 'Done' }] },
      note: { type: 'text', text: { value: null } },
      favourite: { type: 'boolean', boolean: { value: false } },
    });
  });

  it('sends nothing when nothing changed, and keeps links the person did not touch', () => {
    const before = fieldValuesFromServer(definitions, saved, {});
    expect(changedProperties(definitions, before, { ...before })).toEqual({});
    const unlinked = { ...before, related: { type: 'entity' as const, items: [{ id: 'p2', title: 'p2' }] } };
    expect(changedProperties(definitions, before, unlinked)).toEqual({
      related: { type: 'entity', entity: [{ id: 'p2' }] },
    });
  });
});
