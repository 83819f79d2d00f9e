import { z } from 'zod/mini';
import { booleanSchema, lazyOf, nullableOf, numberSchema, recordOf, taggedUnion, unionOf } from './lean-kinds';
import { type TextToken, type TextTokenInput, textTokenInputSchema, textTokenSchema } from './text-tokens';

/**
 * Block trees. Payloads of `hierarchy`, `list`, `todo`, `toggle` and `quote` follow
 * tests/emulator/README.md, decisions table; any JSON is accepted there, as that table says.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface Hierarchy {
  key: string;
  val: number;
}

interface TextBlockFormatting {
  hierarchy?: Hierarchy;
  list?: JsonValue;
  todo?: JsonValue;
  toggle?: JsonValue;
  quote?: JsonValue;
  highlight?: JsonValue;
}

export interface TextBlock extends TextBlockFormatting {
  type: 'TextBlock';
  id: string;
  tokens: TextToken[];
  blocks: Block[];
}
export interface GroupBlock {
  type: 'GroupBlock';
  id: string;
  blocks: Block[];
}
export interface GridBlock {
  type: 'GridBlock';
  id: string;
  columns: Block[][];
}
export interface CodeBlock {
  type: 'CodeBlock';
  id: string;
  lang?: string;
  text: string;
}
export interface MathBlock {
  type: 'MathBlock';
  id: string;
  text: string;
}
export interface EntityBlock {
  type: 'EntityBlock';
  id: string;
  entityId: string;
}
export interface HorizontalLineBlock {
  type: 'HorizontalLineBlock';
  id: string;
}
/**
 * The spec's placeholder for content the API does not expose yet. `markdown` is the source the
 * emulator keeps for it (tests/emulator/README.md, decisions table); other servers may omit it.
 */
export interface UnsupportedBlock {
  type: 'unsupported';
  id: string;
  markdown?: string;
}
/**
 * A block type this client does not know, or one it could not read; kept so trees stay whole.
 * Its id is still required: every stored block has one, and callers address blocks by id.
 */
export interface UnknownBlock {
  type: 'unknown';
  rawType: string;
  id: string;
  raw: Record<string, unknown>;
}

export type Block =
  | TextBlock
  | GroupBlock
  | GridBlock
  | CodeBlock
  | MathBlock
  | EntityBlock
  | HorizontalLineBlock
  | UnsupportedBlock
  | UnknownBlock;

/**
 * A block to create or replace. `id` may be omitted (the server assigns it). On PATCH, omitting
 * `blocks`/`columns` keeps the existing children; sending them replaces the whole child list.
 */
export type BlockInput =
  | ({ type: 'TextBlock'; id?: string; tokens: TextTokenInput[]; blocks?: BlockInput[] } & TextBlockFormatting)
  | { type: 'GroupBlock'; id?: string; blocks?: BlockInput[] }
  | { type: 'GridBlock'; id?: string; columns?: BlockInput[][] }
  | { type: 'CodeBlock'; id?: string; lang?: string; text: string }
  | { type: 'MathBlock'; id?: string; text: string }
  | { type: 'EntityBlock'; id?: string; entityId: string }
  | { type: 'HorizontalLineBlock'; id?: string };

export type BlockType = BlockInput['type'];

/** How blocks are written: the published reference's forms, or the spec emulator's (ServerTraits.blockForm). */
export type BlockForm = 'published' | 'spec';

// `null` as a literal: the same one value, without z.null's class, which the background would carry for it alone.
const jsonValueSchema: z.ZodMiniType<JsonValue, JsonValue> = lazyOf(() =>
  unionOf([
    z.string(),
    numberSchema,
    booleanSchema,
    z.literal(null),
    z.array(jsonValueSchema),
    recordOf(z.string(), jsonValueSchema),
  ]),
);

const hierarchySchema = z.object({ key: z.string(), val: numberSchema });

const formattingShape = {
  hierarchy: z.optional(hierarchySchema),
  list: z.optional(jsonValueSchema),
  todo: z.optional(jsonValueSchema),
  toggle: z.optional(jsonValueSchema),
  quote: z.optional(jsonValueSchema),
  /** The published reference's highlight of a TextBlock (`{type: 'custom', label, location, url?, color?}`). */
  highlight: z.optional(jsonValueSchema),
};

const unknownBlockSchema = z.pipe(
  z.looseObject({ type: z.string(), id: z.string() }),
  z.transform((raw): UnknownBlock => ({ type: 'unknown', rawType: raw.type, id: raw.id, raw })),
);

/**
 * A response list that may be missing: then empty. A pipe rather than `z._default`, whose class
 * the background would carry for these lists alone; both give a fresh empty list for a missing one.
 */
const listOrEmpty = <T extends z.core.SomeType>(item: T) =>
  z.pipe(
    z.optional(z.array(item)),
    z.transform((list): z.output<T>[] => list ?? []),
  );

/** Children of a response block; missing means none. */
const children = () => listOrEmpty(blockSchema);

/** Response blocks: unknown or unreadable blocks degrade to `unknown`, the rest of the tree is kept. */
export const blockSchema: z.ZodMiniType<Block> = lazyOf(() =>
  unionOf([
    taggedUnion('type', [
      z.object({
        type: z.literal('TextBlock'),
        id: z.string(),
        tokens: listOrEmpty(textTokenSchema),
        blocks: children(),
        ...formattingShape,
      }),
      z.object({ type: z.literal('GroupBlock'), id: z.string(), blocks: children() }),
      z.object({
        type: z.literal('GridBlock'),
        id: z.string(),
        columns: listOrEmpty(z.array(blockSchema)),
      }),
      z.object({
        type: z.literal('CodeBlock'),
        id: z.string(),
        lang: z.pipe(
          z.optional(nullableOf(z.string())),
          z.transform((lang) => lang ?? undefined),
        ),
        text: z.string(),
      }),
      z.object({ type: z.literal('MathBlock'), id: z.string(), text: z.string() }),
      z.object({ type: z.literal('EntityBlock'), id: z.string(), entityId: z.string() }),
      z.object({ type: z.literal('HorizontalLineBlock'), id: z.string() }),
      z.object({ type: z.literal('unsupported'), id: z.string(), markdown: z.optional(z.string()) }),
    ]),
    unknownBlockSchema,
  ]),
);

const newId = z.optional(z.string().check(z.minLength(1)));

/** Blocks a client sends: only the known types, exact shapes. */
export const blockInputSchema: z.ZodMiniType<BlockInput, BlockInput> = lazyOf(() =>
  taggedUnion('type', [
    z.object({
      type: z.literal('TextBlock'),
      id: newId,
      tokens: z.array(textTokenInputSchema),
      blocks: z.optional(z.array(blockInputSchema)),
      ...formattingShape,
    }),
    z.object({ type: z.literal('GroupBlock'), id: newId, blocks: z.optional(z.array(blockInputSchema)) }),
    z.object({ type: z.literal('GridBlock'), id: newId, columns: z.optional(z.array(z.array(blockInputSchema))) }),
    z.object({ type: z.literal('CodeBlock'), id: newId, lang: z.optional(z.string()), text: z.string() }),
    z.object({ type: z.literal('MathBlock'), id: newId, text: z.string() }),
    z.object({ type: z.literal('EntityBlock'), id: newId, entityId: z.string().check(z.minLength(1)) }),
    z.object({ type: z.literal('HorizontalLineBlock'), id: newId }),
  ]),
);
