import { typesWithBody, WEBLINK_STRUCTURE } from '@/lib/api';
import type { WeblinkForm } from '@/lib/messaging';
import { structuresFor } from './space-structures';

/** The weblink type of a space as the popup's form renders it, and the types text can be added to. */
export async function weblinkForm(spaceId: string): Promise<WeblinkForm> {
  const structures = await structuresFor(spaceId, { fresh: true });
  const appendableTypes = typesWithBody(structures).map(({ id, pluralName }) => ({ id, title: pluralName }));
  const structure = structures.find((candidate) => candidate.id === WEBLINK_STRUCTURE);
  if (!structure) return { fields: [], collections: [], appendableTypes };
  return {
    appendableTypes,
    fields: structure.propertyDefinitions.map((def) => ({
      id: def.id,
      name: def.name,
      type: def.type,
      writable: def.writable,
      ...(def.multiple === undefined ? {} : { multiple: def.multiple }),
      ...(def.labelSet === undefined ? {} : { labelSet: def.labelSet }),
      ...(def.dateResolution === undefined ? {} : { dateResolution: def.dateResolution }),
      ...(def.allowedStructureIds === undefined ? {} : { allowedStructureIds: def.allowedStructureIds }),
    })),
    collections: structure.collections.map(({ id, title }) => ({ id, title })),
  };
}
