/**
 * The article content script's answer, as the background accepts it. It is built from the page,
 * which may be hostile, so it is checked like any input: the shape, and a cap on every length
 * (the limits the script keeps to), so that a page cannot push an unbounded answer into the worker.
 */
import { z } from 'zod/mini';
import { nullableOf, refined, taggedUnion } from '@/lib/api/schemas/lean-kinds';
import { countSchema } from '@/lib/api/schemas/numbers';
import type { ArticleCapture } from '@/lib/clip/article';
import { MAX_METADATA_CODE_LENGTH, MAX_METADATA_TEXT_LENGTH, MAX_TITLE_LENGTH } from '@/lib/clip/capture-limits';
import { MAX_CLIP_BYTES } from '@/lib/clip/clip-limits';

const text = (max: number) => nullableOf(z.string().check(z.maxLength(max)));

export const articleCaptureSchema: z.ZodMiniType<ArticleCapture> = taggedUnion('kind', [
  z
    .strictObject({
      kind: z.literal('article'),
      // Characters: Markdown within the byte limit has at most as many.
      markdown: z.string().check(z.minLength(1), z.maxLength(MAX_CLIP_BYTES)),
      characters: countSchema(),
      words: countSchema(),
      findings: z.strictObject({
        title: text(MAX_TITLE_LENGTH),
        byline: text(MAX_METADATA_TEXT_LENGTH),
        siteName: text(MAX_METADATA_TEXT_LENGTH),
        publishedTime: text(MAX_METADATA_CODE_LENGTH),
        excerpt: text(MAX_METADATA_TEXT_LENGTH),
        language: text(MAX_METADATA_CODE_LENGTH),
        direction: nullableOf(z.literal(['ltr', 'rtl', 'auto'])),
      }),
    })
    .check(
      refined((article) => article.characters === article.markdown.length, {
        error: 'characters must count the Markdown',
      }),
    ),
  z.strictObject({ kind: z.literal('no-article') }),
  z.strictObject({ kind: z.literal('too-large'), oversizedBytes: countSchema() }),
]);
