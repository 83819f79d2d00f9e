import { invalidInput } from './errors.ts';
import { isUuid } from './ids.ts';
import { isRecord } from './input.ts';
import type { Block, GridBlock, Hierarchy, TextBlock, TextPresentation, TextStyle, Token } from './types.ts';

/**
 * Validation of client-sent blocks and text tokens, and helpers over block trees. Blocks sent by
 * clients are checked strictly (wrong shapes are `cap_invalid_input` naming the path), unknown
 * extra fields are dropped, and ids are assigned where missing.
 */

export interface BlockParseContext {
  newId(): string;
  /** Ids already used in the target object (and in this request); a client-chosen id must be new. */
  takenIds: Set<string>;
  /** Whether an EntityBlock may point at this id (a live object of the token's space). */
  entityExists(id: string): boolean;
  /**
   * Keep what only the published reference has (TextBlock `presentation`, GridBlock `layout`, links
   * to objects and dates). The published profile's routes translate requests into these fields;
   * the spec profile never sets this, so its clients cannot store them.
   */
  publishedFields?: boolean;
}

const STYLE_KEYS = ['bold', 'italic', 'strikethrough', 'underline', 'code'] as const;

function parseStyle(input: unknown, path: string): TextStyle | undefined {
  if (input === undefined || input === null) return undefined;
  if (!isRecord(input)) throw invalidInput(`${path}.style must be an object`);
  const style: TextStyle = {};
  for (const key of STYLE_KEYS) {
    const value = input[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw invalidInput(`${path}.style.${key} must be a boolean`);
    if (value) style[key] = true;
  }
  return Object.keys(style).length > 0 ? style : undefined;
}

export function parseTokens(input: unknown, path: string, publishedFields = false): Token[] {
  if (input === undefined) return [];
  if (!Array.isArray(input)) throw invalidInput(`${path} must be an array of text tokens`);
  return input.map((raw, index) => parseToken(raw, `${path}[${index}]`, publishedFields));
}

function parseToken(raw: unknown, path: string, publishedFields: boolean): Token {
  if (!isRecord(raw)) throw invalidInput(`${path} must be a text token object`);
  if (typeof raw.text !== 'string') throw invalidInput(`${path}.text must be a string`);
  const text = raw.text;
  switch (raw.type) {
    case 'TextToken': {
      const style = parseStyle(raw.style, path);
      return style ? { type: 'TextToken', text, style } : { type: 'TextToken', text };
    }
    case 'LinkToken': {
      if (typeof raw.url !== 'string' || raw.url.trim() === '') {
        throw invalidInput(`${path}.url must be a non-empty string`);
      }
      const style = parseStyle(raw.style, path);
      return style ? { type: 'LinkToken', text, url: raw.url, style } : { type: 'LinkToken', text, url: raw.url };
    }
    case 'EntityLinkToken':
    case 'DateLinkToken':
      if (publishedFields) return publishedLinkToken(raw, text, path);
      break;
    case 'CodeToken':
      return { type: 'CodeToken', text };
    case 'MathToken':
      return { type: 'MathToken', text };
  }
  throw invalidInput(
    `${path}.type must be TextToken, LinkToken, CodeToken or MathToken (got ${JSON.stringify(raw.type)})`,
  );
}

function publishedLinkToken(raw: Record<string, unknown>, text: string, path: string): Token {
  const style = parseStyle(raw.style, path);
  const target =
    raw.type === 'EntityLinkToken'
      ? { type: 'EntityLinkToken' as const, text, entityId: String(raw.entityId) }
      : { type: 'DateLinkToken' as const, text, date: String(raw.date) };
  return style ? { ...target, style } : target;
}

export function parseBlocks(input: unknown, ctx: BlockParseContext, path: string): Block[] {
  if (!Array.isArray(input)) throw invalidInput(`${path} must be an array of blocks`);
  return input.map((raw, index) => parseBlock(raw, ctx, `${path}[${index}]`));
}

/** Children are only allowed where the spec allows them: TextBlock and GroupBlock (and grid columns). */
function refuseChildren(raw: Record<string, unknown>, type: string, path: string): void {
  const children = raw.blocks;
  if (children === undefined || (Array.isArray(children) && children.length === 0)) return;
  throw invalidInput(`${path}: a ${type} cannot have child blocks; only TextBlock and GroupBlock can`);
}

export function parseBlock(raw: unknown, ctx: BlockParseContext, path: string): Block {
  if (!isRecord(raw)) throw invalidInput(`${path} must be a block object`);
  const id = blockId(raw.id, ctx, path);
  switch (raw.type) {
    case 'TextBlock':
      return parseTextBlock(raw, id, ctx, path);
    case 'GroupBlock':
      return { id, type: 'GroupBlock', blocks: optionalChildren(raw.blocks, ctx, `${path}.blocks`) };
    case 'GridBlock': {
      if (!Array.isArray(raw.columns)) throw invalidInput(`${path}.columns must be an array of block arrays`);
      const columns = raw.columns.map((column, index) => parseBlocks(column, ctx, `${path}.columns[${index}]`));
      refuseChildren(raw, 'GridBlock', path);
      const grid: GridBlock = { id, type: 'GridBlock', columns };
      if (ctx.publishedFields && isRecord(raw.layout)) grid.layout = raw.layout as GridBlock['layout'];
      return grid;
    }
    case 'CodeBlock': {
      refuseChildren(raw, 'CodeBlock', path);
      if (typeof raw.text !== 'string') throw invalidInput(`${path}.text must be a string`);
      if (raw.lang !== undefined && raw.lang !== null && typeof raw.lang !== 'string') {
        throw invalidInput(`${path}.lang must be a string`);
      }
      return { id, type: 'CodeBlock', lang: typeof raw.lang === 'string' ? raw.lang : '', text: raw.text };
    }
    case 'MathBlock':
      refuseChildren(raw, 'MathBlock', path);
      if (typeof raw.text !== 'string') throw invalidInput(`${path}.text must be a string`);
      return { id, type: 'MathBlock', text: raw.text };
    case 'EntityBlock':
      refuseChildren(raw, 'EntityBlock', path);
      if (typeof raw.entityId !== 'string') throw invalidInput(`${path}.entityId must be an object id`);
      if (!ctx.entityExists(raw.entityId)) {
        throw invalidInput(`${path}.entityId: no object with id "${raw.entityId}" in this space`);
      }
      return { id, type: 'EntityBlock', entityId: raw.entityId };
    case 'HorizontalLineBlock':
      refuseChildren(raw, 'HorizontalLineBlock', path);
      return { id, type: 'HorizontalLineBlock' };
    case 'unsupported':
      throw invalidInput(`${path}: "unsupported" blocks are placeholders and cannot be created`);
    default:
      throw invalidInput(`${path}.type ${JSON.stringify(raw.type)} is not a known block type`);
  }
}

function optionalChildren(input: unknown, ctx: BlockParseContext, path: string): Block[] {
  return input === undefined ? [] : parseBlocks(input, ctx, path);
}

function blockId(raw: unknown, ctx: BlockParseContext, path: string): string {
  if (raw === undefined || raw === null) {
    const id = ctx.newId();
    ctx.takenIds.add(id);
    return id;
  }
  if (!isUuid(raw)) throw invalidInput(`${path}.id must be a UUID (or omitted: the server assigns one)`);
  if (ctx.takenIds.has(raw)) throw invalidInput(`${path}.id ${raw} is already used by another block`);
  ctx.takenIds.add(raw);
  return raw;
}

function parseHierarchy(raw: unknown, path: string): Hierarchy {
  if (raw === undefined || raw === null) return { key: 'base', val: 0 };
  if (!isRecord(raw)) throw invalidInput(`${path}.hierarchy must be { key, val }`);
  const { key, val } = raw;
  if (key === 'heading') {
    if (typeof val !== 'number' || !Number.isInteger(val) || val < 1 || val > 6) {
      throw invalidInput(`${path}.hierarchy.val must be an integer from 1 to 6 for key "heading"`);
    }
    return { key, val };
  }
  if (key === 'base') {
    if (val !== undefined && (typeof val !== 'number' || !Number.isInteger(val) || val < 0)) {
      throw invalidInput(`${path}.hierarchy.val must be a non-negative integer for key "base"`);
    }
    return { key, val: typeof val === 'number' ? val : 0 };
  }
  throw invalidInput(`${path}.hierarchy.key must be "base" or "heading"`);
}

/** Reads a `{ <field>: boolean }` payload such as `todo: { checked }` or `toggle: { open }`. */
function flagPayload(raw: unknown, field: string, path: string): boolean {
  if (!isRecord(raw) || typeof raw[field] !== 'boolean') throw invalidInput(`${path} must be { "${field}": boolean }`);
  return raw[field];
}

function parseTextBlock(raw: Record<string, unknown>, id: string, ctx: BlockParseContext, path: string): TextBlock {
  const block: TextBlock = {
    id,
    type: 'TextBlock',
    tokens: parseTokens(raw.tokens, `${path}.tokens`, ctx.publishedFields),
    blocks: optionalChildren(raw.blocks, ctx, `${path}.blocks`),
    hierarchy: parseHierarchy(raw.hierarchy, path),
  };
  if (raw.list !== undefined && raw.list !== null) {
    if (raw.list !== 'bullet' && raw.list !== 'numbered')
      throw invalidInput(`${path}.list must be "bullet" or "numbered"`);
    block.list = raw.list;
  }
  if (raw.todo !== undefined && raw.todo !== null)
    block.todo = { checked: flagPayload(raw.todo, 'checked', `${path}.todo`) };
  if (raw.toggle !== undefined && raw.toggle !== null)
    block.toggle = { open: flagPayload(raw.toggle, 'open', `${path}.toggle`) };
  if (raw.quote !== undefined && raw.quote !== null && raw.quote !== false) {
    if (raw.quote !== true) throw invalidInput(`${path}.quote must be true (or omitted)`);
    block.quote = true;
  }
  if (ctx.publishedFields && isRecord(raw.presentation)) block.presentation = raw.presentation as TextPresentation;
  return block;
}

// ---------------------------------------------------------------------------------------------
// Tree helpers

/** The child lists of a block: one for TextBlock/GroupBlock, one per column for GridBlock. */
function childLists(block: Block): Block[][] {
  if (block.type === 'TextBlock' || block.type === 'GroupBlock') return [block.blocks];
  if (block.type === 'GridBlock') return block.columns;
  return [];
}

export function canHaveChildren(block: Block): block is Extract<Block, { type: 'TextBlock' | 'GroupBlock' }> {
  return block.type === 'TextBlock' || block.type === 'GroupBlock';
}

export interface BlockLocation {
  block: Block;
  /** The list that holds the block (a property root, a `blocks` list or a grid column). */
  siblings: Block[];
  index: number;
}

export function locateBlock(roots: Block[], id: string): BlockLocation | undefined {
  for (let index = 0; index < roots.length; index++) {
    const block = roots[index] as Block;
    if (block.id === id) return { block, siblings: roots, index };
    for (const list of childLists(block)) {
      const found = locateBlock(list, id);
      if (found) return found;
    }
  }
  return undefined;
}

export function collectBlockIds(roots: Block[], into: Set<string> = new Set()): Set<string> {
  for (const block of roots) {
    into.add(block.id);
    for (const list of childLists(block)) collectBlockIds(list, into);
  }
  return into;
}

/** A copy of blocks with fresh ids everywhere (used when a client-chosen id collides late). */
export function withFreshIds(blocks: Block[], newId: () => string): Block[] {
  return blocks.map((block) => {
    const copy = { ...block, id: newId() } as Block;
    if (copy.type === 'TextBlock' || copy.type === 'GroupBlock') copy.blocks = withFreshIds(copy.blocks, newId);
    if (copy.type === 'GridBlock') copy.columns = copy.columns.map((column) => withFreshIds(column, newId));
    return copy;
  });
}
