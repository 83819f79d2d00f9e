/**
 * The capture script's answer, as the extension accepts it. The script runs in the extension's
 * isolated world, but everything it read came from the page, which may be hostile: the receiver
 * checks the shape and a cap on every length and count (the script keeps within the same caps),
 * so that a page cannot push an unbounded answer into the popup or the worker.
 */
import { z } from 'zod/mini';
import { propertiesInputSchema } from '@/lib/api/schemas/property-values';
import type { CaptureAnswer } from '@/lib/capture/capture-script';
import { MAX_VALUE_LENGTH, MAX_VALUES, PAGE_VALUE_NAMES } from '@/lib/capture/page-values';
import { ruleSchema } from '@/lib/capture/rules-schema';
import { MAX_TITLE_LENGTH, MAX_URL_LENGTH } from '@/lib/clip/capture-limits';

const text = (max: number) => z.string().check(z.maxLength(max));
const list = <T extends z.ZodMiniType>(item: T, max: number) => z.array(item).check(z.maxLength(max));
const id = text(200);

// A lookup's key and a value's origin hold a rule's selector or path.
const pageValue = z.strictObject({ value: text(MAX_VALUE_LENGTH), from: text(1_500) });
const pageValues = list(pageValue, MAX_VALUES);

const readingSchema = z.strictObject({
  url: text(MAX_URL_LENGTH),
  values: z.partialRecord(z.enum(PAGE_VALUE_NAMES), pageValues),
  types: list(text(200), 100),
  lookups: z.record(text(1_500), pageValues),
});

const namedSchema = z.strictObject({ id, title: text(MAX_TITLE_LENGTH) });

const appliedSchema = z.strictObject({
  ruleIndex: z.number().check(z.int(), z.nonnegative()),
  ruleName: text(200),
  target: ruleSchema.shape.target,
  structureId: z.nullable(id),
  title: text(MAX_TITLE_LENGTH),
  properties: propertiesInputSchema,
  links: list(
    z.strictObject({
      propertyId: id,
      propertyName: text(500),
      structureIds: list(id, 100),
      multiple: z.boolean(),
      names: list(text(MAX_VALUE_LENGTH), MAX_VALUES),
    }),
    200,
  ),
  fieldTexts: z.record(id, z.strictObject({ values: list(text(MAX_VALUE_LENGTH), MAX_VALUES), from: text(1_500) })),
  tags: list(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('existing'), id, title: text(1_000) }),
      z.strictObject({ kind: z.literal('new'), title: text(1_000) }),
    ]),
    200,
  ),
  collection: z.nullable(namedSchema),
  notes: z.nullable(text(200_000)),
  keep: z.nullable(z.enum(['link', 'article', 'selection'])),
  createMissing: z.boolean(),
  missing: list(text(300), 300),
});

export const captureAnswerSchema: z.ZodMiniType<CaptureAnswer> = z.strictObject({
  reading: readingSchema,
  matching: list(z.number().check(z.int(), z.nonnegative()), 500),
  applied: z.nullable(appliedSchema),
  suggestedTags: list(namedSchema, 5),
});
