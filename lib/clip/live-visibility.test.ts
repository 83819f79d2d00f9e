import { afterEach, describe, expect, it } from 'vitest';
import { captureSelection } from './selection';

/** Renders a page with a stylesheet and selects the contents of `selector` (or the given text offsets). */
function selectIn(css: string, html: string, selector = 'body'): void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  document.body.innerHTML = html;
  const range = document.createRange();
  range.selectNodeContents(document.querySelector(selector) as Node);
  window.getSelection()?.addRange(range);
}

function selectedMarkdown(): string | undefined {
  return captureSelection(document, window)?.markdown;
}

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('text the page hides with its stylesheets', () => {
  it('is left out of the selection: display none and visibility hidden, by class, id or tag', () => {
    selectIn(
      '.collapsed { display: none } #ghost { visibility: hidden } aside { display: none }',
      '<p>Shown.</p><p class="collapsed">Hidden by class.</p><p>Also <span id="ghost">ghost</span> shown.</p><aside>Hidden by tag.</aside>',
    );
    expect(selectedMarkdown()).toBe('Shown.\n\nAlso shown.');
  });

  it('is left out at the edges of a range too, where only part of an element is selected', () => {
    selectIn(
      '.note { display: none }',
      '<div id="a"><p>one <span class="note">secret</span> two</p></div><p>three</p>',
    );
    const range = document.createRange();
    const first = document.querySelector('#a p')?.firstChild as Text;
    range.setStart(first, 2);
    range.setEnd(document.querySelectorAll('p')[1]?.firstChild as Text, 3);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    expect(selectedMarkdown()).toBe('e two\n\nthr');
  });

  it('keeps what the stylesheet shows, and leaves the page itself unmarked', () => {
    selectIn(
      '.hidden-later { color: red } .shown { display: block }',
      '<p class="hidden-later">red</p><p class="shown">x</p>',
    );
    expect(selectedMarkdown()).toBe('red\n\nx');
    expect(document.body.querySelectorAll('[data-clip-hidden]')).toHaveLength(0);
  });

  it('keeps a formula whose MathML the stylesheet hides beside its rendering', () => {
    selectIn(
      '.mathml { display: none }',
      '<p>form <span class="mwe-math-element"><span class="mathml"><math alttext="x^2"><mi>x</mi></math></span><img src="https://example.com/m.svg" alt="x^2"></span>, the</p>',
    );
    expect(selectedMarkdown()).toBe('form $x^2$, the');
  });

  it('is left out of every range of a multi-range selection', () => {
    selectIn('.x { display: none }', '<p>a <b class="x">hidden</b> b</p><p>c <i class="x">hidden</i> d</p>');
    const selection = window.getSelection() as Selection;
    selection.removeAllRanges();
    const paragraphs = document.querySelectorAll('p');
    const ranges = [...paragraphs].map((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      return range;
    });
    const multi = { rangeCount: 2, isCollapsed: false, getRangeAt: (i: number) => ranges[i], toString: () => '' };
    const markdown = captureSelection(document, { getSelection: () => multi } as unknown as Window)?.markdown;
    expect(markdown).toBe('a b\n\nc d');
  });
});
