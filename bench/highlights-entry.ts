/**
 * Loaded into a real page by the bench (bench/highlights.ts): re-anchoring highlights as the
 * highlighter script does (read the page's text once, then each highlight's selectors: position,
 * quote, approximate) against the floor, an exact `indexOf` of the same quotes over the page's
 * `textContent`; and "Highlight selection" from the command reaching the script to the mark drawn.
 */

import { anchor } from '@/entrypoints/highlighter/registry';
import { runHighlighterScript } from '@/entrypoints/highlighter/script';
import type { HighlightRecord } from '@/lib/highlighter/commands';
import { readPageText, textRoot } from '@/lib/highlighter/page-text';
import { describeSpan } from '@/lib/highlighter/selectors';

let records: HighlightRecord[] = [];

/**
 * `count` quotes of 40 to 80 characters, evenly spread over the page's text, each from a word's
 * start to a word's end, and each also in `textContent` as it stands (white space alike), so that
 * the floor finds every one.
 */
function pickQuotes(count: number): number {
  const { text } = readPageText(textRoot(document));
  const raw = document.body.textContent ?? '';
  const candidates: { start: number; end: number }[] = [];
  const tries = count * 4;
  for (let slot = 0; slot < tries; slot += 1) {
    const start = text.indexOf(' ', Math.floor(((slot + 0.5) * text.length) / tries)) + 1;
    const end = text.lastIndexOf(' ', start + 80);
    const quote = text.slice(start, end);
    if (start <= 0 || end - start < 40 || !raw.includes(quote)) continue;
    if (candidates.some((candidate) => text.slice(candidate.start, candidate.end) === quote)) continue;
    candidates.push({ start, end });
  }
  // Evenly spread over those the floor can find too (parts of the page keep line breaks in its textContent).
  records = Array.from({ length: Math.min(count, candidates.length) }, (_, index) => {
    const { start, end } = candidates[Math.floor((index * candidates.length) / count)] as {
      start: number;
      end: number;
    };
    return { id: `h${index}`, colour: 'yellow' as const, selectors: describeSpan(text, start, end) };
  });
  return records.length;
}

function ours(): { ms: number; found: number } {
  const start = performance.now();
  const page = readPageText(textRoot(document));
  const found = records.filter((record) => anchor(page, record).range).length;
  return { ms: performance.now() - start, found };
}

function floor(): { ms: number; found: number } {
  const start = performance.now();
  const text = document.body.textContent ?? '';
  const found = records.filter((record) => text.indexOf(record.selectors.quote.exact) >= 0).length;
  return { ms: performance.now() - start, found };
}

/** Moves every passage: a paragraph at the top of the page, so that no position holds any more. */
function insertParagraph(): void {
  const paragraph = document.createElement('p');
  paragraph.textContent = 'A paragraph inserted at the top of the page, so that every highlight has moved.';
  document.body.prepend(paragraph);
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Selects the `index`-th passage of the page's paragraphs, then times the capture command: to the
 * highlight registered in `CSS.highlights`, and to the next frame painted after it.
 */
async function capture(index: number): Promise<{ registeredMs: number; paintedMs: number }> {
  const paragraphs = [...document.querySelectorAll('p')].filter((p) => (p.textContent ?? '').length > 120);
  const paragraph = paragraphs[(index * 7) % paragraphs.length] as HTMLParagraphElement;
  const range = document.createRange();
  range.selectNodeContents(paragraph);
  getSelection()?.removeAllRanges();
  getSelection()?.addRange(range);
  await nextFrame();
  const start = performance.now();
  const answer = runHighlighterScript(document, window, { kind: 'capture', colour: 'yellow' });
  const registered = performance.now();
  if (answer.kind !== 'captured' || !CSS.highlights.get('space-clipper-yellow')?.size) {
    throw new Error(`nothing drawn: ${answer.kind}`);
  }
  // A frame's callbacks run before it is painted: the one after the next runs once it has been.
  await nextFrame();
  await nextFrame();
  const painted = performance.now();
  runHighlighterScript(document, window, { kind: 'remove', id: answer.highlight.id });
  getSelection()?.removeAllRanges();
  return { registeredMs: registered - start, paintedMs: painted - start };
}

Object.assign(window, { spaceClipperHighlightBench: { pickQuotes, ours, floor, insertParagraph, capture } });
