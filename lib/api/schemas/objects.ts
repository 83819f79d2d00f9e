import { z } from 'zod/mini';
import { blockSchema } from './blocks';
import { booleanSchema, nullableOf, recordOf, unionOf } from './lean-kinds';
import { propertyValueSchema } from './property-values';

const mediaContentSchema = z.object({
  ocr: z.optional(z.object({ text: z.string() })),
  colors: z.optional(z.array(z.object({ name: z.string(), hex: z.string() }))),
});

/** GET /object, POST /object/url. */
export const workspaceObjectSchema = z.object({
  id: z.string(),
  structureId: z.string(),
  collections: z.array(z.string()),
  properties: recordOf(z.string(), propertyValueSchema),
  blocks: z.optional(recordOf(z.string(), z.array(blockSchema))),
  // The spec shows no shape for files; kept opaque.
  files: z.optional(z.unknown()),
  mediaContent: z.optional(mediaContentSchema),
});
export type WorkspaceObject = z.infer<typeof workspaceObjectSchema>;

/** What a write returned: the object when the server sent it, always its id. */
export interface SavedObject {
  id: string;
  object: WorkspaceObject | null;
}

/**
 * POST /object, PATCH /object, POST /object/markdown answers: the full Object, or `{ id }` only
 * (tests/emulator/README.md, decisions table). A body that carries `properties` must be a whole,
 * valid Object; it is not silently downgraded to an id.
 */
export const savedObjectSchema: z.ZodMiniType<SavedObject> = unionOf([
  z.pipe(
    workspaceObjectSchema,
    z.transform((object) => ({ id: object.id, object })),
  ),
  z.pipe(
    z.object({ id: z.string(), properties: z.optional(z.never()) }),
    z.transform(({ id }) => ({ id, object: null })),
  ),
]);

const objectSummarySchema = z.object({ id: z.string(), structureId: z.string(), title: z.string() });
export type ObjectSummary = z.infer<typeof objectSummarySchema>;

export const summaryPageSchema = z.object({
  results: z.array(objectSummarySchema),
  nextCursor: z.pipe(
    z.optional(nullableOf(z.string())),
    z.transform((cursor) => cursor ?? null),
  ),
  hasMore: booleanSchema,
});
export type SummaryPage = z.infer<typeof summaryPageSchema>;

export const searchResultsSchema = z.object({ results: z.array(objectSummarySchema) });

/** GET /object/markdown as JSON (the emulator's choice; a text body is handled by the client). */
export const markdownExportSchema = z.object({ markdown: z.string() });

/**
 * POST /blocks/append and /blocks/markdown/append: the appended roots with their server ids (the
 * emulator's spec profile), or the whole Object (the published reference), which names no roots.
 */
export const appendedBlocksSchema: z.ZodMiniType<{ blocks: z.infer<typeof blockSchema>[] | null }> = unionOf([
  z.object({ blocks: z.array(blockSchema), properties: z.optional(z.never()) }),
  z.pipe(
    workspaceObjectSchema,
    z.transform(() => ({ blocks: null })),
  ),
]);

/** POST /blocks/delete: the deleted roots. */
export const deletedBlocksSchema = z.object({ deletedBlockIds: z.array(z.string()) });
