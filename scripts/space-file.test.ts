import { describe, expect, it } from 'vitest';
import { fixtureSpace } from '../tests/support/capture-pages';
import { parseSpaceFile } from './space-file';

describe('a space file', () => {
  it('reads types with their definitions, the objects and the tags', () => {
    const { space, objects } = fixtureSpace();
    expect(space.structures.map(({ title }) => title)).toEqual(['Weblink', 'Paper', 'Person', 'Recipe']);
    expect(objects).toEqual([{ id: 'person-ada', structureId: 'custom-person', title: 'Ada Lovelace' }]);
    expect(space.tags).toContainEqual({ id: 'tag-javascript', title: 'JavaScript' });
  });

  it('reads the published reference’s allowedStructures and the spec’s allowedStructureIds alike', () => {
    const definition = (allowed: Record<string, string[]>) => {
      const parsed = parseSpaceFile({
        structures: [
          {
            id: 's',
            title: 'S',
            propertyDefinitions: [{ id: 'a', name: 'A', type: 'entity', writable: true, ...allowed }],
          },
        ],
      });
      return parsed.ok ? parsed.file.space.structures[0]?.propertyDefinitions[0] : undefined;
    };
    expect(definition({ allowedStructures: ['p'] })?.allowedStructureIds).toEqual(['p']);
    expect(definition({ allowedStructureIds: ['q'] })?.allowedStructureIds).toEqual(['q']);
  });

  it('says where a file is wrong', () => {
    expect(parseSpaceFile({ structures: [{ id: 's', propertyDefinitions: [] }] })).toEqual({
      ok: false,
      message: 'structures[0].title: expected string',
    });
    expect(parseSpaceFile({})).toEqual({ ok: true, file: { space: { structures: [], tags: [] }, objects: [] } });
  });
});
