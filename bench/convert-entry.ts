/**
 * Loaded into a real page by the bench: the capture path the content script runs (selection to
 * Markdown) and plain turndown, on the same selection, so both are timed in the same run.
 */
import { htmlToMarkdown } from '@/lib/clip/markdown';
import { selectionToFragment } from '@/lib/clip/selection';
import { plainTurndown } from './plain-turndown';

function selectBody(): Selection {
  const range = document.createRange();
  range.selectNodeContents(document.body);
  const selection = getSelection() as Selection;
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

function timed(run: () => string): { ms: number; chars: number } {
  const start = performance.now();
  const markdown = run();
  return { ms: performance.now() - start, chars: markdown.length };
}

Object.assign(window, {
  spaceClipperBench: {
    ours: () => timed(() => htmlToMarkdown(selectionToFragment(selectBody()), { baseUrl: location.href })),
    plain: () => timed(() => plainTurndown(selectBody().getRangeAt(0).cloneContents())),
  },
});
