import { z } from 'zod/mini';
import type { AppContext } from './http.ts';
import { blockSchema, propertiesSchema, valueSchema } from './published-schema.ts';
import { ReferenceViolation } from './violations.ts';

/**
 * The requests of the published reference's operations, and how a request that breaks them is
 * refused: with the reference's error (`cap_invalid_input`, 400; 413 for Markdown that is too
 * long; 404 for a route it does not have), recorded as a violation.
 */

/** Markdown in `POST /object/url`, `POST /blocks/append` and daily-note appends, in characters. */
export const MAX_MARKDOWN_CHARACTERS = 200_000;

const blocks = z.array(blockSchema);
const limitedMarkdown = z.string().check(z.maxLength(MAX_MARKDOWN_CHARACTERS));
const someBlocks = z.array(blockSchema).check(z.minLength(1));
const position = z.object({
  type: z.enum(['start', 'end', 'after_block']),
  after_block: z.optional(z.object({ id: z.string() })),
});

/** `blocks` (at least one) or `markdown`, never both and never neither. */
const oneContent = z.refine<{ blocks?: unknown; markdown?: unknown }>(
  (body) => (body.blocks === undefined) !== (body.markdown === undefined),
  { message: 'send exactly one of "blocks" or "markdown"' },
);

export const createObjectRequest = z.object({
  structureId: z.string(),
  properties: z.optional(propertiesSchema),
  collections: z.optional(z.array(z.string())),
  blocks: z.optional(z.record(z.string(), blocks)),
});

export const patchObjectRequest = z.object({
  id: z.string(),
  properties: z.optional(propertiesSchema),
  collections: z.optional(z.array(z.string())),
  blocks: z.optional(z.record(z.string(), blocks)),
  deleteRequested: z.optional(z.boolean()),
});

export const weblinkRequest = z
  .object({
    url: z.string(),
    markdown: z.optional(limitedMarkdown),
    blocks: z.optional(blocks),
    // Only these two are in the reference's schema; any other key is dropped here, silently.
    properties: z.optional(z.object({ title: z.optional(valueSchema), description: z.optional(valueSchema) })),
  })
  .check(
    z.refine((body) => body.markdown === undefined || body.blocks === undefined, {
      message: 'send "markdown" or "blocks", not both',
    }),
  );

export const createMarkdownRequest = z.object({ structureId: z.string(), markdown: z.string() });
export const patchMarkdownRequest = z.object({ id: z.string(), markdown: z.string() });

export const searchRequest = z.object({
  query: z.string().check(z.minLength(1), z.maxLength(512)),
  structureIds: z.optional(z.array(z.string()).check(z.minLength(1), z.maxLength(25))),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(50))),
});

export const appendRequest = z
  .object({
    id: z.string(),
    propertyId: z.optional(z.string()),
    parentBlockId: z.optional(z.string()),
    position: z.optional(position),
    blocks: z.optional(someBlocks),
    markdown: z.optional(limitedMarkdown),
  })
  .check(oneContent);

export const dailyNoteRequest = z
  .object({
    date: z.optional(z.string()),
    noTimeStamp: z.optional(z.boolean()),
    blocks: z.optional(someBlocks),
    markdown: z.optional(limitedMarkdown),
  })
  .check(oneContent);

export const patchBlockRequest = z.object({
  id: z.string(),
  blockId: z.string(),
  propertyId: z.optional(z.string()),
  block: blockSchema,
});

const english = z.locales.en();

function describe(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${['body', ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; ');
}

/** Checks a request against its operation's schema; what does not fit is a recorded violation. */
export function referenceRequest<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input, { error: english.localeError });
  if (result.success) return result.data;
  const { issues } = result.error;
  // "cap_invalid_input (400; 413 for too large)": Markdown over the limit is the too-large case.
  const tooLarge = issues.some((issue) => issue.code === 'too_big' && issue.path.at(-1) === 'markdown');
  throw new ReferenceViolation(tooLarge ? 'cap_payload_too_large' : 'cap_invalid_request', describe(issues));
}

/** A required query parameter of a published operation. */
export function referenceQuery(c: AppContext, name: string): string {
  const value = c.req.query(name);
  if (value === undefined || value === '') {
    throw new ReferenceViolation('cap_invalid_request', `query.${name}: required`);
  }
  return value;
}

/** The JSON body of a published operation; anything that is not a JSON body is a violation. */
export async function referenceJson(c: AppContext): Promise<unknown> {
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
    throw new ReferenceViolation('cap_invalid_request', 'Content-Type must be application/json');
  }
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ReferenceViolation('cap_invalid_request', 'the body is not JSON');
  }
}

/** The JSON body of a published operation, checked against its schema. */
export async function referenceBody<T>(c: AppContext, schema: z.ZodMiniType<T>): Promise<T> {
  return referenceRequest(schema, await referenceJson(c));
}
