import { STRUCTURE } from './structures.ts';
import type { PropertyDefinition, StructureRecord } from './types.ts';

/**
 * Property ids as the published profile shows them. The reference says property ids are not the
 * readable names (the weblink's URL is `media_URLReference`, its notes `media_notes`); only
 * `title`, `tags` and the task's `status` are named by the spec, and the weblink's `description`
 * is named by `POST /object/url`. Custom properties keep their UUIDs. Values are stored under the
 * emulator's internal ids (the spec profile's); these tables translate at the edge.
 */

/** Internal id → published id on every structure (unless the structure's own table says otherwise). */
const EVERY_STRUCTURE: Record<string, string> = {
  createdAt: 'root_createdAt',
  lastUpdatedAt: 'root_lastUpdatedAt',
  content: 'root_content',
  aliases: 'root_aliases',
  icon: 'root_icon',
};

const BY_STRUCTURE: Record<string, Record<string, string>> = {
  [STRUCTURE.weblink]: { url: 'media_URLReference', notes: 'media_notes' },
  [STRUCTURE.image]: { description: 'media_description', notes: 'media_notes' },
  [STRUCTURE.pdf]: { notes: 'media_notes' },
  [STRUCTURE.dailyNote]: { date: 'root_date', notes: 'root_notes' },
  [STRUCTURE.task]: { dueDate: 'root_dueDate' },
};

/** Properties the published profile has beyond the stored structures ("aliases/icon types may exist"). */
const EXTRA_DEFINITIONS: Record<string, PropertyDefinition[]> = {
  [STRUCTURE.page]: [
    { id: 'aliases', name: 'Aliases', type: 'aliases', writable: true },
    { id: 'icon', name: 'Icon', type: 'icon', writable: true },
  ],
};

export function publishedPropertyId(structureId: string, internalId: string): string {
  return BY_STRUCTURE[structureId]?.[internalId] ?? EVERY_STRUCTURE[internalId] ?? internalId;
}

/** The structure with the definitions the published profile has (internal ids), for validating writes. */
export function publishedStructureView(structure: StructureRecord): StructureRecord {
  const extra = EXTRA_DEFINITIONS[structure.id];
  if (!extra) return structure;
  const blocksAt = structure.propertyDefinitions.findIndex((def) => def.type === 'blocks');
  const definitions = [...structure.propertyDefinitions];
  definitions.splice(blocksAt < 0 ? definitions.length : blocksAt, 0, ...extra);
  return { ...structure, propertyDefinitions: definitions };
}

/** The definition a published property id names on a structure view, if any. */
export function definitionByPublishedId(view: StructureRecord, publishedId: string): PropertyDefinition | undefined {
  return view.propertyDefinitions.find((def) => publishedPropertyId(view.id, def.id) === publishedId);
}
