/**
 * Loaded into a real page by the bench: the article content script's path (Readability on an
 * inert copy, then the clip converter) and the baseline (Readability as its README shows it, on
 * `document.cloneNode(true)`, then plain turndown + GFM), on the same page in the same run.
 */
import { Readability } from '@mozilla/readability';
import { extractArticle } from '@/lib/clip/article';
import { plainTurndown } from './plain-turndown';

function timed(run: () => string): { ms: number; chars: number } {
  const start = performance.now();
  const markdown = run();
  return { ms: performance.now() - start, chars: markdown.length };
}

Object.assign(window, {
  spaceClipperArticleBench: {
    ours: () =>
      timed(() => {
        const capture = extractArticle(document);
        return capture.kind === 'article' ? capture.markdown : '';
      }),
    // The article element itself goes to turndown: no HTML string to serialize and parse again.
    baseline: () =>
      timed(() => {
        const article = new Readability(document.cloneNode(true) as Document, { serializer: (node) => node }).parse();
        return article?.content ? plainTurndown(article.content) : '';
      }),
  },
});
