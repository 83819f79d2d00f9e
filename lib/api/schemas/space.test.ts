import { describe, expect, it } from 'vitest';
import { wireStructure } from '../../../tests/support/api-fixtures';
import { spaceSchema, structuresResponseSchema, userSpacesSchema } from './space';

describe('spaceSchema and userSpacesSchema', () => {
  const space = { id: 's1', title: 'Demo space' };

  it('reads the space and ignores extra fields', () => {
    expect(spaceSchema.parse({ ...space, icon: 'x' })).toEqual(space);
    expect(spaceSchema.safeParse({ id: 's1' }).success).toBe(false);
  });

  it('reads user spaces as { spaces } or as a bare array (README decisions table)', () => {
    expect(userSpacesSchema.parse({ spaces: [space] })).toEqual([space]);
    expect(userSpacesSchema.parse([space])).toEqual([space]);
    expect(userSpacesSchema.safeParse({ items: [space] }).success).toBe(false);
  });
});

describe('structuresResponseSchema', () => {
  it('reads structures with label options, entity targets, date resolution and collections', () => {
    const [structure] = structuresResponseSchema.parse({ structures: [wireStructure] }).structures;
    expect(structure?.collections).toEqual([{ id: 'c1', title: 'Reading list' }]);
    const definitions = structure?.propertyDefinitions ?? [];
    expect(definitions.find((d) => d.id === 'status')).toEqual({
      id: 'status',
      name: 'Status',
      type: 'label',
      writable: true,
      multiple: false,
      labelSet: [
        { id: 'todo', name: 'To do', color: 'grey' },
        { id: 'done', name: 'Done' },
      ],
    });
    expect(definitions.find((d) => d.id === 'tags')?.allowedStructureIds).toEqual(['RootTag']);
    expect(definitions.find((d) => d.id === 'published')?.dateResolution).toBe('day');
    expect(definitions.find((d) => d.id === 'notes')?.type).toBe('blocks');
  });

  it('tolerates a missing label colour', () => {
    const { labelColor: _, ...withoutColor } = wireStructure;
    expect(structuresResponseSchema.parse({ structures: [withoutColor] }).structures[0]?.labelColor).toBeUndefined();
  });

  it('rejects a definition without writable and a structure without definitions', () => {
    const badDefinition = { ...wireStructure, propertyDefinitions: [{ id: 'x', name: 'X', type: 'text' }] };
    expect(structuresResponseSchema.safeParse({ structures: [badDefinition] }).success).toBe(false);
    const { propertyDefinitions: _, ...noDefinitions } = wireStructure;
    expect(structuresResponseSchema.safeParse({ structures: [noDefinitions] }).success).toBe(false);
    expect(structuresResponseSchema.safeParse([wireStructure]).success).toBe(false);
  });
});
