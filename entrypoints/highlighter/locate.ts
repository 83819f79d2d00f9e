/**
 * Finds a highlight's passage in the page's text from its selectors: exactly where the position
 * says, else where the quote occurs (its prefix and suffix choosing among repeats), else
 * approximately (approx-string-match: Myers' bit-parallel edit distance), so that a passage
 * survives a paragraph inserted before it or a word changed inside it.
 */
import search from 'approx-string-match';
import type { HighlightSelectors, TextQuoteSelector } from '@/lib/highlighter/selectors';

export interface Located {
  start: number;
  end: number;
  /** 'exact': the quote as it was; 'fuzzy': a passage close to it, the page having changed. */
  match: 'exact' | 'fuzzy';
}

/** Below this, an approximate match of a quote says nothing about where it was. */
const MIN_FUZZY_LENGTH = 16;
/** Errors allowed in an approximate match, as a share of the quote's length. */
const ERROR_SHARE = 0.25;
/** A long quote is found by its two ends, each this long, which keeps the search linear. */
const END_LENGTH = 64;
/** How far around the expected place an approximate match is sought before the whole text. */
const NEARBY = 4096;
/** How many repeats of a short quote are weighed by their context. */
const MAX_REPEATS = 10_000;

/** How many characters `a` and `b` share at their ends (`fromEnd`) or at their starts. */
function shared(a: string, b: string, fromEnd: boolean): number {
  const length = Math.min(a.length, b.length);
  let count = 0;
  while (
    count < length &&
    (fromEnd
      ? a.charCodeAt(a.length - 1 - count) === b.charCodeAt(b.length - 1 - count)
      : a.charCodeAt(count) === b.charCodeAt(count))
  ) {
    count += 1;
  }
  return count;
}

/** How well the text around [start, end) agrees with the quote's context, and how near it is to `hint`. */
function contextScore(text: string, quote: TextQuoteSelector, start: number, end: number, hint: number): number {
  const before = shared(text.slice(Math.max(0, start - quote.prefix.length), start), quote.prefix, true);
  const after = shared(text.slice(end, end + quote.suffix.length), quote.suffix, false);
  // Context outweighs nearness: a page whose start changed moves every passage alike.
  return before + after - Math.abs(start - hint) / (text.length + 1);
}

function best<T extends { start: number; end: number }>(
  candidates: T[],
  score: (candidate: T) => number,
): T | undefined {
  let top: T | undefined;
  let topScore = Number.NEGATIVE_INFINITY;
  for (const candidate of candidates) {
    const value = score(candidate);
    if (value > topScore) {
      top = candidate;
      topScore = value;
    }
  }
  return top;
}

/** Whether the text around [start, end) is the quote's whole prefix and suffix. */
function inContext(text: string, quote: TextQuoteSelector, start: number, end: number): boolean {
  return text.endsWith(quote.prefix, start) && text.startsWith(quote.suffix, end);
}

function exactly(text: string, quote: TextQuoteSelector, hint: number): Located | undefined {
  const { exact } = quote;
  // First where it was or just after (the page grew before it), then a little before (the page
  // lost text before it), each in its whole context: the search stops soon in both cases.
  const after = text.indexOf(exact, hint);
  if (after >= 0 && inContext(text, quote, after, after + exact.length)) {
    return { start: after, end: after + exact.length, match: 'exact' };
  }
  let before = -1;
  for (
    let at = text.indexOf(exact, Math.max(0, hint - NEARBY));
    at >= 0 && at < hint;
    at = text.indexOf(exact, at + 1)
  ) {
    if (inContext(text, quote, at, at + exact.length)) before = at;
  }
  if (before >= 0) return { start: before, end: before + exact.length, match: 'exact' };
  // Else every occurrence, weighed by how much of its context agrees.
  const starts: number[] = [];
  for (let at = text.indexOf(exact); at >= 0 && starts.length < MAX_REPEATS; at = text.indexOf(exact, at + 1)) {
    starts.push(at);
  }
  const spans = starts.map((start) => ({ start, end: start + exact.length }));
  const found =
    spans.length > 1 ? best(spans, (span) => contextScore(text, quote, span.start, span.end, hint)) : spans[0];
  return found && { ...found, match: 'exact' };
}

/** Approximate matches of `pattern`, near `hint` first, then anywhere. */
function approximately(text: string, pattern: string, hint: number): { start: number; end: number }[] {
  const maxErrors = Math.floor(pattern.length * ERROR_SHARE);
  const from = Math.max(0, hint - NEARBY);
  const near = search(text.slice(from, hint + pattern.length + NEARBY), pattern, maxErrors);
  if (near.length > 0) return near.map((match) => ({ start: match.start + from, end: match.end + from }));
  return from === 0 && hint + pattern.length + NEARBY >= text.length ? [] : search(text, pattern, maxErrors);
}

function fuzzily(text: string, quote: TextQuoteSelector, hint: number): Located | undefined {
  const { exact } = quote;
  if (exact.length < MIN_FUZZY_LENGTH) return undefined;
  if (exact.length <= 2 * END_LENGTH) {
    const found = best(approximately(text, exact, hint), (span) =>
      contextScore(text, quote, span.start, span.end, hint),
    );
    return found && { ...found, match: 'fuzzy' };
  }
  // A long passage: its first and last words, at about the distance the quote spans.
  const head = best(approximately(text, exact.slice(0, END_LENGTH), hint), (span) =>
    contextScore(text, { ...quote, suffix: '' }, span.start, span.end, hint),
  );
  if (!head) return undefined;
  const tailHint = head.start + exact.length - END_LENGTH;
  const tail = best(
    approximately(text, exact.slice(-END_LENGTH), tailHint).filter((span) => span.start >= head.end),
    (span) => contextScore(text, { ...quote, prefix: '' }, span.start, span.end, tailHint),
  );
  if (!tail) return undefined;
  const spanned = tail.end - head.start;
  if (Math.abs(spanned - exact.length) > exact.length * ERROR_SHARE) return undefined;
  return { start: head.start, end: tail.end, match: 'fuzzy' };
}

const collapse = (value: string) => value.replace(/\s+/g, ' ');

/** Where the selectors point in `text`, or undefined when the passage is not there (an orphan). */
export function locate(text: string, selectors: HighlightSelectors): Located | undefined {
  const { position } = selectors;
  // A quote from elsewhere (the space keeps a block's text with its line breaks) in this text's white space.
  const quote = {
    ...selectors.quote,
    exact: collapse(selectors.quote.exact).trim(),
    prefix: collapse(selectors.quote.prefix),
    suffix: collapse(selectors.quote.suffix),
  };
  if (quote.exact.length === 0) return undefined;
  if (position && text.slice(position.start, position.end) === quote.exact) {
    return { start: position.start, end: position.end, match: 'exact' };
  }
  const hint = position?.start ?? 0;
  return exactly(text, quote, hint) ?? fuzzily(text, quote, hint);
}
