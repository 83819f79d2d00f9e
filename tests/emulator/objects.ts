import type { EmulatorState } from './emulator-state.ts';
import { invalidInput, invalidRequest, notFound, unsupported } from './errors.ts';
import { signedFileUrl } from './files.ts';
import { newId } from './ids.ts';
import { optionalString, optionalStringArray, requireRecord, requireString } from './input.ts';
import { blocksToMarkdown, tokensToPlainText } from './markdown-export.ts';
import { markdownToBlocks } from './markdown-import.ts';
import { readProperties, titleOf, validatePropertyWrites } from './property-values.ts';
import { specBlocks, specValue } from './spec-shape.ts';
import { STRUCTURE } from './structures.ts';
import type { Block, ObjectRecord, PropertyValue, StructureRecord } from './types.ts';

/** Object endpoints' logic: create, patch, delete, create from a URL or from Markdown, and rendering. */

export interface ApiObject {
  id: string;
  structureId: string;
  collections: string[];
  properties: Record<string, PropertyValue>;
  blocks?: Record<string, Block[]>;
  files?: { name: string; mimeType: string; size: number; url: string }[];
  mediaContent?: { ocr: { text: string }; colors: { name: string; hex: string }[] };
}

export function structureOf(store: EmulatorState, obj: ObjectRecord): StructureRecord {
  const structure = store.structure(obj.spaceId, obj.structureId);
  if (!structure) throw new Error(`Object ${obj.id} has unknown structure ${obj.structureId}`);
  return structure;
}

/** The collections an object is in that still exist (trashed or deleted collections are hidden). */
export function liveCollections(store: EmulatorState, obj: ObjectRecord): string[] {
  return obj.collections.filter((id) => store.liveObject(obj.spaceId, id)?.structureId === STRUCTURE.collection);
}

export function renderObject(store: EmulatorState, obj: ObjectRecord, baseUrl: string): ApiObject {
  const structure = structureOf(store, obj);
  const result: ApiObject = {
    id: obj.id,
    structureId: obj.structureId,
    collections: liveCollections(store, obj),
    properties: Object.fromEntries(
      Object.entries(readProperties(structure, obj, store.entityLookup(obj.spaceId))).map(([id, value]) => [
        id,
        specValue(value),
      ]),
    ),
  };
  const blockProperties = structure.propertyDefinitions.filter((def) => def.type === 'blocks');
  if (blockProperties.length > 0) {
    result.blocks = Object.fromEntries(blockProperties.map((def) => [def.id, specBlocks(obj.blocks[def.id] ?? [])]));
  }
  if (obj.files) {
    result.files = obj.files.map((file) => ({
      ...file,
      url: signedFileUrl(baseUrl, store.data.jwtSecret, obj.id, file.name, store.now()),
    }));
  }
  if (obj.structureId === STRUCTURE.image && obj.media?.state === 'full') {
    result.mediaContent = { ocr: { text: obj.media.ocrText }, colors: obj.media.colors };
  }
  return result;
}

/**
 * Checks a `collections` list for a structure. Undefined stays undefined (default placement on
 * create, unchanged on patch); `[]` is the structure's default database, i.e. no named collection.
 */
export function resolveCollections(
  store: EmulatorState,
  spaceId: string,
  structure: StructureRecord,
  ids: string[] | undefined,
): string[] | undefined {
  if (ids === undefined) return undefined;
  if (!structure.supportsCollections) {
    if (ids.length === 0) return [];
    throw unsupported(`Objects of structure ${structure.id} (${structure.title}) cannot belong to collections`);
  }
  const result: string[] = [];
  for (const id of ids) {
    const collection = store.liveObject(spaceId, id);
    if (!collection || collection.structureId !== STRUCTURE.collection) {
      throw invalidInput(`collections: no collection with id "${id}" in this space`);
    }
    if (collection.collectionOf !== structure.id) {
      throw invalidInput(
        `collections: "${titleOf(collection)}" (${id}) is not a collection of ${structure.title} objects`,
      );
    }
    if (!result.includes(id)) result.push(id);
  }
  return result;
}

export function insertObject(
  store: EmulatorState,
  spaceId: string,
  structure: StructureRecord,
  properties: Record<string, PropertyValue>,
  collections: string[],
  blocks: Record<string, Block[]> = {},
): ObjectRecord {
  const now = store.now();
  const obj: ObjectRecord = {
    id: newId(),
    spaceId,
    structureId: structure.id,
    properties: { title: { type: 'title', title: { value: 'Untitled' } }, ...properties },
    blocks,
    collections,
    createdAt: now,
    updatedAt: now,
    trashedAt: null,
  };
  store.insert(obj);
  store.changed();
  return obj;
}

const CREATE_HINTS: Record<string, string> = {
  [STRUCTURE.weblink]: 'use POST /object/url',
  [STRUCTURE.dailyNote]: 'use POST /blocks/daily-note/append',
};

export function creatableStructure(store: EmulatorState, spaceId: string, structureId: string): StructureRecord {
  const structure = store.structure(spaceId, structureId);
  if (!structure) throw invalidInput(`Unknown structureId "${structureId}"; GET /space/structures lists them`);
  if (!structure.creatable) {
    const hint = CREATE_HINTS[structureId];
    throw unsupported(
      `Objects of structure ${structureId} cannot be created with this endpoint${hint ? `; ${hint}` : ''}`,
    );
  }
  return structure;
}

export function createObject(store: EmulatorState, spaceId: string, body: unknown): ObjectRecord {
  const input = requireRecord(body, 'The request body');
  const structure = creatableStructure(store, spaceId, requireString(input, 'structureId'));
  const properties =
    input.properties === undefined
      ? {}
      : validatePropertyWrites(structure, input.properties, store.entityLookup(spaceId));
  const collections = resolveCollections(store, spaceId, structure, optionalStringArray(input, 'collections'));
  return insertObject(store, spaceId, structure, properties, collections ?? []);
}

export function patchObject(store: EmulatorState, spaceId: string, id: string, body: unknown): ObjectRecord {
  const input = requireRecord(body, 'The request body');
  if (input.properties === undefined && input.collections === undefined) {
    throw invalidRequest('PATCH /object needs "properties" and/or "collections"');
  }
  const obj = store.requireObject(spaceId, id);
  const structure = structureOf(store, obj);
  // Validate everything before changing anything: a rejected request leaves the object as it was.
  const properties =
    input.properties === undefined
      ? {}
      : validatePropertyWrites(structure, input.properties, store.entityLookup(spaceId));
  const collections = resolveCollections(store, spaceId, structure, optionalStringArray(input, 'collections'));
  Object.assign(obj.properties, properties);
  if (collections !== undefined) obj.collections = collections;
  store.touch(obj);
  store.changed();
  return obj;
}

export function deleteObject(store: EmulatorState, spaceId: string, id: string, hardDelete: boolean): void {
  const obj = store.anyObject(id);
  // A trashed object is gone for the API, except that a hard delete may still remove it for good.
  if (!obj || obj.spaceId !== spaceId || (obj.trashedAt !== null && !hardDelete)) {
    throw notFound(`No object with id ${id}`);
  }
  if (hardDelete) store.remove(id);
  else obj.trashedAt = store.now();
  store.changed();
}

/** The weblink structure for a new weblink of `url` (which must be an absolute http(s) URL). */
export function weblinkStructure(store: EmulatorState, spaceId: string, url: string): StructureRecord {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw invalidInput(`"url" must be an absolute http(s) URL; got ${JSON.stringify(url)}`);
  }
  const structure = store.structure(spaceId, STRUCTURE.weblink);
  if (!structure) throw unsupported('This space has no weblink structure');
  return structure;
}

/** A new weblink, titled by its URL unless `properties` has a title; `notes` is its body. */
export function insertWeblink(
  store: EmulatorState,
  spaceId: string,
  structure: StructureRecord,
  url: string,
  properties: Record<string, PropertyValue>,
  collections: string[],
  notes: Block[] | undefined,
): ObjectRecord {
  return insertObject(
    store,
    spaceId,
    structure,
    { title: { type: 'title', title: { value: url } }, ...properties, url: { type: 'url', url: { value: url } } },
    collections,
    notes === undefined ? {} : { notes },
  );
}

export function createWeblink(store: EmulatorState, spaceId: string, body: unknown): ObjectRecord {
  const input = requireRecord(body, 'The request body');
  const url = requireString(input, 'url');
  const structure = weblinkStructure(store, spaceId, url);
  const properties =
    input.properties === undefined
      ? {}
      : validatePropertyWrites(structure, input.properties, store.entityLookup(spaceId));
  const markdown = optionalString(input, 'markdown');
  const collections = resolveCollections(store, spaceId, structure, optionalStringArray(input, 'collections'));
  const notes = markdown === undefined ? undefined : markdownToBlocks(markdown, newId);
  return insertWeblink(store, spaceId, structure, url, properties, collections ?? [], notes);
}

export function createFromMarkdown(store: EmulatorState, spaceId: string, body: unknown): ObjectRecord {
  const input = requireRecord(body, 'The request body');
  const markdown = requireString(input, 'markdown');
  const structure = creatableStructure(store, spaceId, optionalString(input, 'structureId') ?? STRUCTURE.page);
  if (!structure.contentPropertyId)
    throw unsupported(`Structure ${structure.id} has no content to write Markdown into`);
  const collections = resolveCollections(store, spaceId, structure, optionalStringArray(input, 'collections'));
  const blocks = markdownToBlocks(markdown, newId);
  const firstHeading = blocks.find((block) => block.type === 'TextBlock' && block.hierarchy.key === 'heading');
  const title =
    optionalString(input, 'title') ??
    (firstHeading?.type === 'TextBlock' ? tokensToPlainText(firstHeading.tokens).trim() : '');
  return insertObject(
    store,
    spaceId,
    structure,
    { title: { type: 'title', title: { value: title || 'Untitled' } } },
    collections ?? [],
    { [structure.contentPropertyId]: blocks },
  );
}

export function objectMarkdown(
  store: EmulatorState,
  obj: ObjectRecord,
): { id: string; title: string; markdown: string } {
  const structure = structureOf(store, obj);
  const blocks = structure.contentPropertyId ? (obj.blocks[structure.contentPropertyId] ?? []) : [];
  const markdown = blocksToMarkdown(blocks, {
    entityTitle: (id) => {
      const target = store.liveObject(obj.spaceId, id);
      return target ? titleOf(target) : undefined;
    },
  });
  return { id: obj.id, title: titleOf(obj), markdown };
}
