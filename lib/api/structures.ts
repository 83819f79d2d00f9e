import type { Structure } from './schemas/space';

/**
 * Questions about a space's structures that the spec and the published reference answer with
 * different ids and shapes. Properties are found by type in the definitions, never by an assumed id:
 * the weblink's URL property is `url` in the spec emulator and `media_URLReference` in the
 * published reference.
 */

export const WEBLINK_STRUCTURE = 'MediaWebResource';

/** Built-in types without a body to write into (containers, queries, the space itself). */
const WITHOUT_BODY = new Set(['RootSpace', 'RootStructure', 'RootDatabase', 'RootQuery', 'RootSimpleTable']);

/**
 * The weblink type's own URL property: the URL-typed definition the API does not let clients
 * write (the address the weblink was made from), else the one called `url`, else the first.
 */
export function weblinkUrlPropertyId(structures: readonly Structure[]): string | undefined {
  const weblink = structures.find((structure) => structure.id === WEBLINK_STRUCTURE);
  const urls = weblink?.propertyDefinitions.filter((definition) => definition.type === 'url') ?? [];
  return (
    urls.find((definition) => !definition.writable) ??
    urls.find((definition) => definition.id === 'url') ??
    urls[0]
  )?.id;
}

/**
 * The types whose body can take appended text. The spec emulator lists body properties as
 * definitions of type `blocks`; the published reference lists none, so there every type but the
 * built-in containers counts.
 */
export function typesWithBody(structures: readonly Structure[]): Structure[] {
  const listed = structures.filter((structure) =>
    structure.propertyDefinitions.some((definition) => definition.type === 'blocks'),
  );
  if (listed.length > 0) return listed;
  return structures.filter((structure) => !WITHOUT_BODY.has(structure.id));
}

/**
 * The types a capture rule can save a page as with `POST /object`: every type but the weblink
 * (saved with `POST /object/url`) and the built-in containers.
 */
export function creatableTypes<T extends { id: string }>(structures: readonly T[]): T[] {
  return structures.filter((structure) => structure.id !== WEBLINK_STRUCTURE && !WITHOUT_BODY.has(structure.id));
}
