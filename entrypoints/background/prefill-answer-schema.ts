import { z } from 'zod/mini';
import { recordOf } from '@/lib/api/schemas/lean-kinds';
import { propertyValueInputSchema } from '@/lib/api/schemas/property-values';
import { MAX_CLIP_BYTES } from '@/lib/clip/clip-limits';

/**
 * The article reader's answer when it applied a quick clip's template (lib/clip/article-script.ts),
 * as the background accepts it: page data, checked like any input, with a cap on the body (the clip
 * limit, and room for the rendered notes template before it).
 */
const MAX_PREFILL_NOTES = MAX_CLIP_BYTES + 100_000;

export const prefillAnswerSchema = z.strictObject({
  kind: z.literal('prefill'),
  properties: recordOf(z.string().check(z.maxLength(200)), propertyValueInputSchema),
  notes: z.string().check(z.maxLength(MAX_PREFILL_NOTES)),
});
export type PrefillAnswer = z.infer<typeof prefillAnswerSchema>;
