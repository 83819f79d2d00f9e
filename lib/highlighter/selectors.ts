/**
 * W3C Web Annotation selectors (https://www.w3.org/TR/annotation-model/#selectors) over the page's
 * text as lib/highlighter/page-text.ts defines it. `Object.values(selectors)` is the W3C list of
 * selectors for a highlight's target.
 */

export interface TextQuoteSelector {
  type: 'TextQuoteSelector';
  exact: string;
  /** Up to CONTEXT_LENGTH characters just before `exact` ('' at the start of the text). */
  prefix: string;
  /** Up to CONTEXT_LENGTH characters just after `exact`. */
  suffix: string;
}

export interface TextPositionSelector {
  type: 'TextPositionSelector';
  start: number;
  end: number;
}

export interface HighlightSelectors {
  quote: TextQuoteSelector;
  /** Absent for a highlight known only by its text (one made in the space itself, say). */
  position?: TextPositionSelector;
}

/** Characters of context kept on each side of a quote: enough to tell repeated phrases apart. */
export const CONTEXT_LENGTH = 32;

/** The selectors of [start, end) of `text`. */
export function describeSpan(text: string, start: number, end: number): HighlightSelectors {
  return {
    quote: {
      type: 'TextQuoteSelector',
      exact: text.slice(start, end),
      prefix: text.slice(Math.max(0, start - CONTEXT_LENGTH), start),
      suffix: text.slice(end, end + CONTEXT_LENGTH),
    },
    position: { type: 'TextPositionSelector', start, end },
  };
}

/** [start, end) without the white space at its edges, which a drag over text often takes along. */
export function trimSpan(text: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  let to = end;
  while (from < to && text.charCodeAt(from) === 32) from += 1;
  while (to > from && text.charCodeAt(to - 1) === 32) to -= 1;
  return { start: from, end: to };
}
