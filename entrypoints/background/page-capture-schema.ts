import { z } from 'zod/mini';
import { nullableOf } from '@/lib/api/schemas/lean-kinds';
import { countSchema } from '@/lib/api/schemas/numbers';
import {
  MAX_METADATA_CODE_LENGTH,
  MAX_METADATA_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from '@/lib/clip/capture-limits';
import { MAX_CLIP_BYTES } from '@/lib/clip/clip-limits';
import type { PageCapture } from '@/lib/clip/page-capture';

const text = (max: number) => z.string().check(z.maxLength(max));

/**
 * The page reader's answer, as the background accepts it. It is built from the page, which
 * may be hostile, so it is checked like any input: the shape, and a cap on every length, so that
 * a page cannot push an unbounded answer into the worker and the popup.
 */
export const pageCaptureSchema: z.ZodMiniType<PageCapture> = z.strictObject({
  metadata: z.strictObject({
    title: text(MAX_TITLE_LENGTH),
    url: text(MAX_URL_LENGTH),
    canonicalUrl: text(MAX_URL_LENGTH),
    author: nullableOf(text(MAX_METADATA_TEXT_LENGTH)),
    siteName: nullableOf(text(MAX_METADATA_TEXT_LENGTH)),
    publishedAt: nullableOf(text(MAX_METADATA_CODE_LENGTH)),
    description: nullableOf(text(MAX_METADATA_TEXT_LENGTH)),
    faviconUrl: text(MAX_URL_LENGTH),
    language: nullableOf(text(MAX_METADATA_CODE_LENGTH)),
  }),
  selection: nullableOf(
    z.strictObject({
      // Characters: Markdown within the byte limit has at most as many.
      markdown: text(MAX_CLIP_BYTES),
      text: text(MAX_CLIP_BYTES),
      wordCount: countSchema(),
      oversizedBytes: z.optional(countSchema()),
    }),
  ),
  contentType: text(MAX_METADATA_CODE_LENGTH),
});
