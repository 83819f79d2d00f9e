import type { z } from 'zod/mini';
import { parseContext } from './block-ops.ts';
import { collectBlockIds, parseBlocks } from './blocks.ts';
import type { EmulatorState } from './emulator-state.ts';
import { invalidInput, notFound } from './errors.ts';
import { splitFrontMatter } from './front-matter.ts';
import { newId } from './ids.ts';
import { markdownToBlocks } from './markdown-import.ts';
import {
  creatableStructure,
  createFromMarkdown,
  insertObject,
  insertWeblink,
  resolveCollections,
  structureOf,
  weblinkStructure,
} from './objects.ts';
import { validatePropertyWrites } from './property-values.ts';
import { internalBlocks } from './published-blocks.ts';
import { frontMatterWrites } from './published-front-matter.ts';
import { definitionByPublishedId, publishedStructureView } from './published-ids.ts';
import type {
  createMarkdownRequest,
  createObjectRequest,
  patchMarkdownRequest,
  patchObjectRequest,
  weblinkRequest,
} from './published-requests.ts';
import type { PublishedBlock, PublishedValue } from './published-schema.ts';
import { internalPropertyWrites } from './published-values.ts';
import type { Block, ObjectRecord, PropertyValue, StructureRecord } from './types.ts';

/**
 * The published profile's object writes, over the same store as the spec profile's: requests that
 * already passed the reference's schema, translated to the stored ids and shapes, then checked
 * like any write (writable, types, labels, entities, collections) before anything changes.
 */

function propertyWrites(
  store: EmulatorState,
  spaceId: string,
  view: StructureRecord,
  properties: Record<string, PublishedValue> | undefined,
): Record<string, PropertyValue> {
  const internal = internalPropertyWrites(view, properties ?? {});
  return validatePropertyWrites(view, internal, store.entityLookup(spaceId), true);
}

/** A `blocks` map (published block property id → blocks), parsed for the given view. */
function blockWrites(
  store: EmulatorState,
  spaceId: string,
  view: StructureRecord,
  blocks: Record<string, PublishedBlock[]>,
  taken: Set<string>,
): Record<string, Block[]> {
  const result: Record<string, Block[]> = {};
  for (const [publishedId, list] of Object.entries(blocks)) {
    const def = definitionByPublishedId(view, publishedId);
    if (def?.type !== 'blocks') {
      throw invalidInput(`blocks: '${publishedId}' is not a block property of structure ${view.id} (${view.title})`);
    }
    const context = parseContext(store, spaceId, taken, true);
    result[def.id] = parseBlocks(internalBlocks(list), context, `blocks.${publishedId}`);
  }
  return result;
}

export function createPublishedObject(
  store: EmulatorState,
  spaceId: string,
  input: z.infer<typeof createObjectRequest>,
): ObjectRecord {
  const structure = creatableStructure(store, spaceId, input.structureId);
  const view = publishedStructureView(structure);
  const properties = propertyWrites(store, spaceId, view, input.properties);
  const collections = resolveCollections(store, spaceId, structure, input.collections);
  const blocks = blockWrites(store, spaceId, view, input.blocks ?? {}, new Set());
  return insertObject(store, spaceId, structure, properties, collections ?? [], blocks);
}

/** A live object, or with `restoring` also one in the trash (of this space; others are not found). */
function objectToPatch(store: EmulatorState, spaceId: string, id: string, restoring: boolean): ObjectRecord {
  if (!restoring) return store.requireObject(spaceId, id);
  const obj = store.anyObject(id);
  if (!obj || obj.spaceId !== spaceId) throw notFound(`No object with id ${id}`);
  return obj;
}

/** PATCH /object: properties, collections, whole block properties, and to trash (`deleteRequested`) or back. */
export function patchPublishedObject(
  store: EmulatorState,
  spaceId: string,
  input: z.infer<typeof patchObjectRequest>,
): ObjectRecord {
  const obj = objectToPatch(store, spaceId, input.id, input.deleteRequested === false);
  const structure = structureOf(store, obj);
  const view = publishedStructureView(structure);
  // Validate everything before changing anything: a rejected request leaves the object as it was.
  const properties = propertyWrites(store, spaceId, view, input.properties);
  const collections = resolveCollections(store, spaceId, structure, input.collections);
  const replaced = new Set(Object.keys(input.blocks ?? {}).map((id) => definitionByPublishedId(view, id)?.id));
  const kept = Object.entries(obj.blocks).filter(([id]) => !replaced.has(id));
  const taken = collectBlockIds(kept.flatMap(([, roots]) => roots));
  const blocks = blockWrites(store, spaceId, view, input.blocks ?? {}, taken);
  Object.assign(obj.properties, properties);
  Object.assign(obj.blocks, blocks);
  if (collections !== undefined) obj.collections = collections;
  if (input.deleteRequested !== undefined) obj.trashedAt = input.deleteRequested ? store.now() : null;
  store.touch(obj);
  store.changed();
  return obj;
}

/** POST /object/url: properties other than title and description never reach here, and collections are ignored. */
export function createPublishedWeblink(
  store: EmulatorState,
  spaceId: string,
  input: z.infer<typeof weblinkRequest>,
): ObjectRecord {
  const structure = weblinkStructure(store, spaceId, input.url);
  const view = publishedStructureView(structure);
  const { title, description } = input.properties ?? {};
  const properties = propertyWrites(store, spaceId, view, {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
  });
  const notes =
    input.markdown !== undefined
      ? markdownToBlocks(input.markdown, newId)
      : input.blocks &&
        parseBlocks(internalBlocks(input.blocks), parseContext(store, spaceId, new Set(), true), 'blocks');
  return insertWeblink(store, spaceId, structure, input.url, properties, [], notes);
}

/** POST /object/markdown: front matter (if any) sets properties, the rest is the body. */
export function createPublishedFromMarkdown(
  store: EmulatorState,
  spaceId: string,
  input: z.infer<typeof createMarkdownRequest>,
): ObjectRecord {
  const { entries, body } = splitFrontMatter(input.markdown);
  const view = publishedStructureView(creatableStructure(store, spaceId, input.structureId));
  const properties = validatePropertyWrites(view, frontMatterWrites(view, entries), store.entityLookup(spaceId), true);
  const obj = createFromMarkdown(store, spaceId, { markdown: body, structureId: input.structureId });
  Object.assign(obj.properties, properties);
  store.changed();
  return obj;
}

/** PATCH /object/markdown: only the front matter is read; the body stays as it is. */
export function patchPublishedFromMarkdown(
  store: EmulatorState,
  spaceId: string,
  input: z.infer<typeof patchMarkdownRequest>,
): ObjectRecord {
  const obj = store.requireObject(spaceId, input.id);
  const view = publishedStructureView(structureOf(store, obj));
  const { entries } = splitFrontMatter(input.markdown);
  const properties = validatePropertyWrites(view, frontMatterWrites(view, entries), store.entityLookup(spaceId), true);
  Object.assign(obj.properties, properties);
  store.touch(obj);
  store.changed();
  return obj;
}
