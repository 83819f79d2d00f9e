import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_HIGHLIGHT_LENGTH } from '@/lib/highlighter/commands';
import { type Capture, captureSelection } from './capture';
import type { Registry } from './registry';

const ARTICLE = `
  <h1>Keeping starters</h1>
  <p id="intro">A starter is a <em>living</em> culture.</p>
  <h2 id="feeding">Feeding <span>well</span></h2>
  <p id="first">Feed it <strong>once</strong> a day with <a href="/guides/feeding">the <code>feed()</code> guide</a>,
  <s>never</s> <u>always</u> warm.</p>
  <p id="second">Keep it in a jar.</p>`;

/** Selects from `start` characters into the first text of `from` to `end` characters into the last text of `to`. */
function select(from: string, start: number, to: string, end: number): void {
  const first = document.querySelector(from) as Element;
  const last = document.querySelector(to) as Element;
  const range = document.createRange();
  const walker = document.createTreeWalker(last, NodeFilter.SHOW_TEXT);
  let lastText: Node | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) lastText = node;
  range.setStart(first.firstChild as Node, start);
  range.setEnd(lastText as Node, end);
  getSelection()?.removeAllRanges();
  getSelection()?.addRange(range);
}

function captured(result: Capture) {
  if (result.kind !== 'captured') throw new Error(`not captured: ${result.kind}`);
  return result;
}

let registry: Registry;

beforeEach(() => {
  history.replaceState(null, '', '/article.html');
  document.body.innerHTML = ARTICLE;
  getSelection()?.removeAllRanges();
  registry = new Map();
});

describe('capturing the selection', () => {
  it('keeps its selectors, draws it at once under the given id, and names the heading it falls under', () => {
    select('#first', 0, '#second', 7);
    const result = captured(captureSelection(document, registry, 'green', 'provisional-1'));
    expect(result.highlight.selectors.quote).toEqual({
      type: 'TextQuoteSelector',
      exact: 'Feed it once a day with the feed() guide, never always warm. Keep it',
      prefix: ' a living culture. Feeding well ',
      suffix: ' in a jar.',
    });
    expect(result.highlight.selectors.position?.end).toBe(
      (result.highlight.selectors.position?.start ?? 0) + result.highlight.selectors.quote.exact.length,
    );
    expect(result.highlight).toMatchObject({ id: 'provisional-1', colour: 'green' });
    expect(registry.get('provisional-1')?.range?.toString().replace(/\s+/g, ' ')).toBe(
      'Feed it once a day with the feed() guide, never always warm. Keep it',
    );
    expect(result.heading).toBe('Feeding well');
  });

  it('keeps its inline formatting as styled runs, with a line break between blocks', () => {
    select('#first', 0, '#second', 7);
    expect(captured(captureSelection(document, registry, 'yellow', 'p')).runs).toEqual([
      { text: 'Feed it ' },
      { text: 'once', bold: true },
      { text: ' a day with ' },
      { text: 'the ', href: `${location.origin}/guides/feeding` },
      { text: 'feed()', code: true, href: `${location.origin}/guides/feeding` },
      { text: ' guide', href: `${location.origin}/guides/feeding` },
      { text: ', ' },
      { text: 'never', strikethrough: true },
      { text: ' ' },
      { text: 'always', underline: true },
      { text: ' warm.\nKeep it' },
    ]);
  });

  it('gives the text as read and a text-fragment address for it', () => {
    select('#intro', 2, '#intro', 8);
    const result = captured(captureSelection(document, registry, 'yellow', 'p'));
    expect(result.text).toBe('starter is a living culture');
    expect(result.url).toBe(`${location.origin}/article.html#:~:text=A-,starter%20is%20a%20living%20culture,-.`);
  });

  it('leaves out the white space a drag takes along at its edges', () => {
    select('#second', 4, '#second', 13);
    const result = captured(captureSelection(document, registry, 'yellow', 'p'));
    expect(result.highlight.selectors.quote.exact).toBe('it in a');
  });

  it('refuses a selection over the limit, and draws nothing', () => {
    document.body.innerHTML = `<p id="long">${'word '.repeat(MAX_HIGHLIGHT_LENGTH / 5 + 1)}</p>`;
    select('#long', 0, '#long', MAX_HIGHLIGHT_LENGTH + 4);
    expect(captureSelection(document, registry, 'yellow', 'p')).toEqual({
      kind: 'too-long',
      length: MAX_HIGHLIGHT_LENGTH + 4,
      limit: MAX_HIGHLIGHT_LENGTH,
    });
    expect(registry.size).toBe(0);
  });

  it('answers no-selection without a selection, and for a caret outside any highlight', () => {
    expect(captureSelection(document, registry, 'yellow', 'p')).toEqual({ kind: 'no-selection' });
    select('#second', 3, '#second', 3);
    expect(captureSelection(document, registry, 'yellow', 'p')).toEqual({ kind: 'no-selection' });
  });

  it('means the highlight already drawn when the caret or the selection lies within it', () => {
    select('#second', 0, '#second', 17);
    captured(captureSelection(document, registry, 'yellow', 'jar'));
    select('#second', 8, '#second', 8);
    expect(captureSelection(document, registry, 'yellow', 'p')).toEqual({ kind: 'inside', id: 'jar' });
    select('#second', 5, '#second', 10);
    expect(captureSelection(document, registry, 'yellow', 'p')).toEqual({ kind: 'inside', id: 'jar' });
  });
});
