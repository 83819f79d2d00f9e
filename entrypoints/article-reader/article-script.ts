/**
 * The article script's two jobs. Asked by the popup (nothing left for it): the page's article, as
 * an ArticleCapture. Asked by a quick clip, which first leaves it a PrefillRequest: the space's
 * clip template applied to the page (its typed properties and its body, the article included when
 * it is kept), so that the mapping runs where the page is read and stays out of the background.
 */
import type { ArticleCapture } from '@/lib/clip/article';
import { extractArticle } from '@/lib/clip/article';
import { needsArticle, prefillClip } from '@/lib/clip/clip-prefill';
import { PREFILL_REQUEST_KEY, type Prefill, type PrefillRequest } from '@/lib/clip/prefill-request';
import { takePageRequest } from '@/lib/page-request';

export type ArticleScriptAnswer = ArticleCapture | ({ kind: 'prefill' } & Prefill);

/** Takes the request left for this run (and clears it, so a later run is not answered with it). */
export function takePrefillRequest(holder?: Record<symbol, unknown>): PrefillRequest | undefined {
  const request = takePageRequest(PREFILL_REQUEST_KEY, holder);
  return typeof request === 'object' && request !== null ? (request as PrefillRequest) : undefined;
}

export function runArticleScript(doc: Document, request: PrefillRequest | undefined): ArticleScriptAnswer {
  if (!request) return extractArticle(doc);
  const capture = needsArticle(request.template, request.keep) ? extractArticle(doc) : null;
  return { kind: 'prefill', ...prefillClip(request, capture?.kind === 'article' ? capture : null) };
}
