import { z } from 'zod/mini';
import { type BlockInput, blockInputSchema } from './blocks';
import { canonicalDaySchema, httpUrlSchema } from './dates';
import { booleanSchema, refined, taggedUnion } from './lean-kinds';
import { boundedIntSchema } from './numbers';
import { propertiesInputSchema } from './property-values';

/**
 * Request bodies, checked before sending so a mistake is reported locally with a clear message
 * instead of a round trip. Body shapes the spec leaves "not shown" follow tests/emulator/README.md,
 * decisions table.
 */

const id = z.string().check(z.minLength(1, { error: 'must not be empty' }));
const ids = z.array(id);

export const createObjectRequestSchema = z.object({
  structureId: id,
  properties: propertiesInputSchema,
  collections: z.optional(ids),
});
export type CreateObjectRequest = z.input<typeof createObjectRequestSchema>;

/**
 * PATCH /object. `deleteRequested` is the published reference's (true: to the trash, false:
 * restore from it); the spec knows only properties and collections.
 */
export const updateObjectRequestSchema = z
  .object({
    properties: z.optional(propertiesInputSchema),
    collections: z.optional(ids),
    deleteRequested: z.optional(booleanSchema),
  })
  .check(
    refined(
      (body) => body.properties !== undefined || body.collections !== undefined || body.deleteRequested !== undefined,
      { error: 'send properties, collections or deleteRequested; an update needs at least one of them' },
    ),
  );
export type UpdateObjectRequest = z.input<typeof updateObjectRequestSchema>;

/** The published reference's limit on Markdown in one request (characters); the spec names none. */
export const MAX_REQUEST_MARKDOWN_CHARS = 200_000;
const requestMarkdown = z
  .string()
  .check(z.maxLength(MAX_REQUEST_MARKDOWN_CHARS, { error: `at most ${MAX_REQUEST_MARKDOWN_CHARS} characters` }));

export const createWeblinkRequestSchema = z.object({
  url: httpUrlSchema('url must be an http(s) address'),
  properties: z.optional(propertiesInputSchema),
  markdown: z.optional(requestMarkdown),
  collections: z.optional(ids),
});
export type CreateWeblinkRequest = z.input<typeof createWeblinkRequestSchema>;

export const createObjectFromMarkdownRequestSchema = z.object({
  markdown: z.string(),
  title: z.optional(z.string()),
  structureId: z.optional(id),
  collections: z.optional(ids),
});
export type CreateObjectFromMarkdownRequest = z.input<typeof createObjectFromMarkdownRequestSchema>;

/** The published reference's bounds: query 1–512 characters, 1–25 structure ids, limit 1–50 (default 20). */
export const MAX_SEARCH_QUERY_CHARS = 512;
export const MAX_SEARCH_STRUCTURES = 25;
export const MAX_SEARCH_LIMIT = 50;

export const searchRequestSchema = z.object({
  query: z.string(),
  structureIds: z.optional(ids),
  limit: z.optional(boundedIntSchema(1, MAX_SEARCH_LIMIT)),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

const appendPositionSchema = taggedUnion('type', [
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('start') }),
  z.object({ type: z.literal('after_block'), after_block: z.object({ id }) }),
]);
export type AppendPosition = z.input<typeof appendPositionSchema>;

const placementShape = {
  objectId: id,
  propertyId: z.optional(id),
  parentBlockId: z.optional(id),
  position: z.optional(appendPositionSchema),
};

function afterBlockHasNoParent(body: { parentBlockId?: string | undefined; position?: AppendPosition | undefined }) {
  return !(body.position?.type === 'after_block' && body.parentBlockId !== undefined);
}
const afterBlockRule = {
  error: 'position after_block places the blocks next to a sibling; do not also set parentBlockId',
  path: ['parentBlockId'],
};

const someBlocks = z.array(blockInputSchema).check(z.minLength(1, { error: 'send at least one block' }));

export const appendBlocksRequestSchema = z
  .object({ ...placementShape, blocks: someBlocks })
  .check(refined(afterBlockHasNoParent, afterBlockRule));
export type AppendBlocksRequest = z.input<typeof appendBlocksRequestSchema>;

export const appendMarkdownRequestSchema = z
  .object({ ...placementShape, markdown: requestMarkdown })
  .check(refined(afterBlockHasNoParent, afterBlockRule));
export type AppendMarkdownRequest = z.input<typeof appendMarkdownRequestSchema>;

export const deleteBlocksRequestSchema = z.object({
  blockIds: ids.check(z.minLength(1, { error: 'send at least one block id' })),
});

export const dailyNotePlacementSchema = z.object({
  date: z.optional(canonicalDaySchema),
  noTimeStamp: z.optional(booleanSchema),
});
export type DailyNotePlacement = z.input<typeof dailyNotePlacementSchema>;

/** Exactly one of `markdown` or `blocks` (spec, POST /blocks/daily-note/append). */
export const dailyNoteContentSchema = z
  .object({ markdown: z.optional(requestMarkdown), blocks: z.optional(someBlocks) })
  .check(
    refined((content) => (content.markdown === undefined) !== (content.blocks === undefined), {
      error: 'send exactly one of markdown or blocks',
    }),
  );
export type DailyNoteContent = { markdown: string; blocks?: never } | { blocks: BlockInput[]; markdown?: never };

export const dailyNoteMarkdownRequestSchema = z.object({ markdown: z.string() });
