import { describe, expect, it } from 'vitest';
import type { Structure } from './schemas/space';
import { typesWithBody, weblinkUrlPropertyId } from './structures';

const structure = (id: string, definitions: Structure['propertyDefinitions']): Structure => ({
  id,
  title: id,
  pluralName: `${id}s`,
  labelColor: undefined,
  collections: [],
  propertyDefinitions: definitions,
});

describe("the weblink's URL property is found by type, never by an assumed id", () => {
  it('is the URL property clients cannot write, whatever its id (spec: url, published: media_URLReference)', () => {
    const source = { id: 'f3c0', name: 'Source', type: 'url', writable: true };
    for (const id of ['url', 'media_URLReference']) {
      const weblink = structure('MediaWebResource', [source, { id, name: 'URL', type: 'url', writable: false }]);
      expect(weblinkUrlPropertyId([weblink])).toBe(id);
    }
    expect(weblinkUrlPropertyId([structure('MediaWebResource', [source])])).toBe('f3c0');
    expect(weblinkUrlPropertyId([structure('RootPage', [])])).toBeUndefined();
  });
});

describe('types whose body can take appended text', () => {
  it('are those with a blocks property where the server lists them (spec emulator)', () => {
    const page = structure('RootPage', [{ id: 'content', name: 'Content', type: 'blocks', writable: false }]);
    expect(typesWithBody([page, structure('RootTag', [])]).map((s) => s.id)).toEqual(['RootPage']);
  });

  it('are all but the built-in containers where no server lists body properties (published reference)', () => {
    const all = ['RootPage', 'RootDatabase', 'RootQuery', 'MediaWebResource', 'b00k'].map((id) => structure(id, []));
    expect(typesWithBody(all).map((s) => s.id)).toEqual(['RootPage', 'MediaWebResource', 'b00k']);
  });
});
