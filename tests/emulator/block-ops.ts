import {
  type BlockParseContext,
  canHaveChildren,
  collectBlockIds,
  locateBlock,
  parseBlock,
  parseBlocks,
} from './blocks.ts';
import type { EmulatorState } from './emulator-state.ts';
import { invalidInput, invalidRequest, notFound, unsupported } from './errors.ts';
import { newId } from './ids.ts';
import { isRecord, optionalString, requireRecord, requireString } from './input.ts';
import { markdownToBlocks } from './markdown-import.ts';
import { structureOf } from './objects.ts';
import type { Block, ObjectRecord } from './types.ts';

/** POST /blocks/append, /blocks/markdown/append, PATCH /blocks/block and POST /blocks/delete. */

export function parseContext(
  store: EmulatorState,
  spaceId: string,
  takenIds: Set<string>,
  publishedFields = false,
): BlockParseContext {
  return { newId, takenIds, entityExists: (id) => store.liveObject(spaceId, id) !== undefined, publishedFields };
}

/** The block property to write: `propertyId`, or the structure's main content property. */
function targetProperty(store: EmulatorState, obj: ObjectRecord, propertyId: string | undefined): string {
  const structure = structureOf(store, obj);
  if (propertyId === undefined) {
    if (!structure.contentPropertyId) throw unsupported(`Objects of structure ${structure.id} have no block content`);
    return structure.contentPropertyId;
  }
  const def = structure.propertyDefinitions.find((candidate) => candidate.id === propertyId);
  if (def?.type !== 'blocks') {
    throw invalidInput(`propertyId "${propertyId}" is not a block property of structure ${structure.id}`);
  }
  return propertyId;
}

type Position = { type: 'start' } | { type: 'end' } | { type: 'after_block'; afterId: string };

function parsePosition(raw: unknown): Position {
  if (raw === undefined || raw === null) return { type: 'end' };
  if (!isRecord(raw)) throw invalidRequest('"position" must be an object { type, after_block? }');
  if (raw.type === 'start' || raw.type === 'end') return { type: raw.type };
  if (raw.type === 'after_block') {
    const target = raw.after_block;
    if (!isRecord(target) || typeof target.id !== 'string') {
      throw invalidRequest('position "after_block" needs "after_block": { "id": <block id> }');
    }
    return { type: 'after_block', afterId: target.id };
  }
  throw invalidRequest('position.type must be "start", "end" or "after_block"');
}

/** Inserts blocks into an object's block property at a position; shared by the JSON and Markdown forms. */
function insertBlocks(
  obj: ObjectRecord,
  propertyId: string,
  blocks: Block[],
  position: Position,
  parentBlockId: string | undefined,
): void {
  const roots = obj.blocks[propertyId] ?? [];
  obj.blocks[propertyId] = roots;
  if (position.type === 'after_block') {
    if (parentBlockId !== undefined) {
      throw invalidInput('parentBlockId must not be set with position "after_block" (the block\'s own list is used)');
    }
    const location = locateBlock(roots, position.afterId);
    if (!location)
      throw notFound(`No block with id ${position.afterId} in property "${propertyId}" of object ${obj.id}`);
    location.siblings.splice(location.index + 1, 0, ...blocks);
    return;
  }
  let list = roots;
  if (parentBlockId !== undefined) {
    const location = locateBlock(roots, parentBlockId);
    if (!location) throw notFound(`No block with id ${parentBlockId} in property "${propertyId}" of object ${obj.id}`);
    if (!canHaveChildren(location.block)) {
      throw invalidInput(
        `Block ${parentBlockId} is a ${location.block.type}; only TextBlock and GroupBlock can have children`,
      );
    }
    list = location.block.blocks;
  }
  if (position.type === 'start') list.unshift(...blocks);
  else list.push(...blocks);
}

interface AppendTarget {
  obj: ObjectRecord;
  propertyId: string;
  position: Position;
  parentBlockId: string | undefined;
}

function appendTarget(store: EmulatorState, spaceId: string, input: Record<string, unknown>): AppendTarget {
  const obj = store.requireObject(spaceId, requireString(input, 'objectId'));
  return {
    obj,
    propertyId: targetProperty(store, obj, optionalString(input, 'propertyId')),
    position: parsePosition(input.position),
    parentBlockId: optionalString(input, 'parentBlockId'),
  };
}

function commit(store: EmulatorState, target: AppendTarget, blocks: Block[]): Block[] {
  insertBlocks(target.obj, target.propertyId, blocks, target.position, target.parentBlockId);
  store.touch(target.obj);
  store.changed();
  return blocks;
}

export function appendBlocks(store: EmulatorState, spaceId: string, body: unknown, publishedFields = false): Block[] {
  const input = requireRecord(body, 'The request body');
  const target = appendTarget(store, spaceId, input);
  if (!Array.isArray(input.blocks)) throw invalidRequest('"blocks" is required and must be an array of blocks');
  const taken = collectBlockIds(Object.values(target.obj.blocks).flat());
  return commit(
    store,
    target,
    parseBlocks(input.blocks, parseContext(store, spaceId, taken, publishedFields), 'blocks'),
  );
}

export function appendMarkdown(store: EmulatorState, spaceId: string, body: unknown): Block[] {
  const input = requireRecord(body, 'The request body');
  const target = appendTarget(store, spaceId, input);
  return commit(store, target, markdownToBlocks(requireString(input, 'markdown'), newId));
}

/** Where to look for a block: any live object of the space, or one object (and one of its block properties). */
export interface BlockScope {
  objectId?: string;
  propertyId?: string;
}

/** Finds a block in any live object of the space, or within the scope. */
function findBlock(store: EmulatorState, spaceId: string, blockId: string, scope: BlockScope = {}) {
  const objects = scope.objectId ? [store.requireObject(spaceId, scope.objectId)] : store.liveObjects(spaceId);
  for (const obj of objects) {
    for (const [propertyId, roots] of Object.entries(obj.blocks)) {
      if (scope.propertyId !== undefined && propertyId !== scope.propertyId) continue;
      const location = locateBlock(roots, blockId);
      if (location) return { obj, location };
    }
  }
  throw notFound(`No block with id ${blockId}`);
}

export function patchBlock(
  store: EmulatorState,
  spaceId: string,
  blockId: string | undefined,
  body: unknown,
  scope: BlockScope = {},
  publishedFields = false,
): Block {
  if (!blockId) throw invalidRequest('Query parameter "id" (the block id) is required');
  const input = requireRecord(body, 'The request body');
  const { obj, location } = findBlock(store, spaceId, blockId, scope);
  const existing = location.block;
  if (input.type !== existing.type) {
    throw invalidInput(`Block ${blockId} is a ${existing.type}; the request's type is ${JSON.stringify(input.type)}`);
  }
  // Ids inside the replaced subtree may be reused by the new children; all others stay taken.
  const taken = collectBlockIds(Object.values(obj.blocks).flat());
  for (const id of collectBlockIds([existing])) taken.delete(id);
  taken.add(blockId);
  // Omitted `blocks` / `columns` keep the existing children; sent ones replace them.
  const keepBlocks = input.blocks === undefined;
  const keepColumns = input.columns === undefined && existing.type === 'GridBlock';
  const request = { ...input, id: undefined, ...(keepColumns ? { columns: [] } : {}) };
  const replacement = parseBlock(request, parseContext(store, spaceId, taken, publishedFields), 'block');
  replacement.id = blockId;
  if (keepBlocks && (replacement.type === 'TextBlock' || replacement.type === 'GroupBlock')) {
    replacement.blocks = existing.type === 'TextBlock' || existing.type === 'GroupBlock' ? existing.blocks : [];
  }
  if (keepColumns && replacement.type === 'GridBlock' && existing.type === 'GridBlock')
    replacement.columns = existing.columns;
  location.siblings[location.index] = replacement;
  store.touch(obj);
  store.changed();
  return replacement;
}

export function deleteBlocks(store: EmulatorState, spaceId: string, body: unknown): string[] {
  const input = requireRecord(body, 'The request body');
  const ids = input.blockIds;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
    throw invalidRequest('"blockIds" must be a non-empty array of block ids');
  }
  const scope = { objectId: optionalString(input, 'objectId') };
  // Resolve every id first so an unknown id changes nothing.
  for (const id of ids) findBlock(store, spaceId, id, scope);
  const touched = new Set<ObjectRecord>();
  for (const id of ids) {
    try {
      const { obj, location } = findBlock(store, spaceId, id, scope);
      location.siblings.splice(location.index, 1);
      touched.add(obj);
    } catch {
      // Already removed with an ancestor listed earlier in the same request.
    }
  }
  for (const obj of touched) store.touch(obj);
  store.changed();
  return ids;
}
