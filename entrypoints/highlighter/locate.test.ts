import { describe, expect, it } from 'vitest';
import { describeSpan } from '@/lib/highlighter/selectors';
import { locate } from './locate';

const ARTICLE =
  'A starter is a living culture of wild yeast and bacteria. Feed it once a day at room temperature. ' +
  'Keep it in a jar with a loose lid. A starter that smells of acetone is hungry, not dead. ' +
  'Discard half before each feeding so that the culture stays lively and the jar does not overflow.';

/** The selectors of the first occurrence of `quote` in `text`. */
function selectorsOf(text: string, quote: string, occurrence = 0) {
  let start = -1;
  for (let seen = 0; seen <= occurrence; seen += 1) start = text.indexOf(quote, start + 1);
  return describeSpan(text, start, start + quote.length);
}

describe('locating a highlight in the text', () => {
  it('takes the position when the text there is still the quote', () => {
    const selectors = selectorsOf(ARTICLE, 'Feed it once a day');
    expect(locate(ARTICLE, selectors)).toEqual({ ...selectors.position, type: undefined, match: 'exact' });
  });

  it('finds the quote where it moved: a paragraph inserted before it', () => {
    const selectors = selectorsOf(ARTICLE, 'Keep it in a jar');
    const changed = `A new opening paragraph about flour. ${ARTICLE}`;
    const found = locate(changed, selectors);
    expect(found?.match).toBe('exact');
    expect(changed.slice(found?.start, found?.end)).toBe('Keep it in a jar');
  });

  it('tells a repeated phrase apart by its prefix and suffix', () => {
    const text = 'the jar is full. Open the jar slowly. Close the jar tightly. the jar is empty.';
    const selectors = selectorsOf(text, 'the jar', 2);
    // The page grows at its start, so the position no longer holds the phrase.
    const changed = `the jar first. ${text}`;
    const found = locate(changed, selectors);
    expect(changed.slice((found?.start ?? 0) - 6, (found?.end ?? 0) + 8)).toBe('Close the jar tightly');
  });

  it('finds a passage with a word changed inside, approximately', () => {
    const quote = 'A starter that smells of acetone is hungry, not dead.';
    const selectors = selectorsOf(ARTICLE, quote);
    const changed = ARTICLE.replace('smells of acetone', 'smells of nail varnish');
    const found = locate(changed, selectors);
    expect(found?.match).toBe('fuzzy');
    expect(changed.slice(found?.start, found?.end)).toBe('A starter that smells of nail varnish is hungry, not dead.');
  });

  it('finds a long passage with a word changed inside by its two ends', () => {
    const quote = ARTICLE.slice(ARTICLE.indexOf('Feed it'), ARTICLE.indexOf(' so that'));
    expect(quote.length).toBeGreaterThan(128);
    const selectors = selectorsOf(ARTICLE, quote);
    const changed = `Intro. ${ARTICLE.replace('loose lid', 'glass lid')}`;
    const found = locate(changed, selectors);
    expect(found?.match).toBe('fuzzy');
    expect(changed.slice(found?.start, found?.end)).toBe(quote.replace('loose lid', 'glass lid'));
  });

  it('reports a passage whose text is gone as not found', () => {
    const selectors = selectorsOf(ARTICLE, 'A starter that smells of acetone is hungry, not dead.');
    const changed = ARTICLE.replace('A starter that smells of acetone is hungry, not dead. ', '');
    expect(locate(changed, selectors)).toBeUndefined();
  });

  it('finds a quote known only by its text, its line breaks and spaces as the space keeps them', () => {
    const found = locate(ARTICLE, {
      quote: { type: 'TextQuoteSelector', exact: 'Feed it once\na day  at room', prefix: '', suffix: '' },
    });
    expect(ARTICLE.slice(found?.start, found?.end)).toBe('Feed it once a day at room');
  });

  it('does not guess at a short quote that is not there', () => {
    expect(
      locate(ARTICLE, { quote: { type: 'TextQuoteSelector', exact: 'yeasty', prefix: '', suffix: '' } }),
    ).toBeUndefined();
  });
});
