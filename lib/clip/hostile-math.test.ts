/**
 * Page math cannot smuggle Markdown: TeX a page hides in attributes, annotations and scripts is
 * written so that no reader, with or without math support, finds a link, image or HTML in it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { md } from '../../tests/support/clip/html';
import { markupIn } from '../../tests/support/clip/markdown-links';
import { captureSelection } from './selection';

const LINK = '[x](javascript:alert(1))';
const IMAGE = '![t](https://tracker.example/t.gif)';

/** Payloads that end the math early or hide markup from it: `$`, `$$`, backticks, backslashes. */
const PAYLOADS = [
  `a$ ${LINK} $b`,
  `a$$ ${IMAGE} $$b`,
  `a$$\n\n${IMAGE}\n\n$$b`,
  `a\` ${LINK} \`b`,
  `a\\\\$ ${LINK} \\\\$b`,
  `a\\\\\\\\$ ${IMAGE} $`,
  `${LINK}`,
  `${IMAGE}`,
  '<img src=https://tracker.example/t.gif>',
  '<https://tracker.example/auto>',
  'https://tracker.example/bare www.tracker.example me@tracker.example',
];

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Each place a page can put TeX, inline and as display math, around MathML showing `m`. */
const SOURCES: Record<string, (tex: string, display: boolean) => string> = {
  alttext: (tex, display) =>
    `<math${display ? ' display="block"' : ''} alttext="${escapeAttribute(tex)}"><mi>m</mi></math>`,
  'data-tex': (tex, display) =>
    `<span data-tex="${escapeAttribute(tex)}"><math${display ? ' display="block"' : ''}><mi>m</mi></math></span>`,
  'data-latex': (tex, display) =>
    `<span data-latex="${escapeAttribute(tex)}"><math${display ? ' display="block"' : ''}><mi>m</mi></math></span>`,
  'data-entry': (tex, display) =>
    `<span data-entry="${escapeAttribute(tex)}"><math${display ? ' display="block"' : ''}><mi>m</mi></math></span>`,
  annotation: (tex, display) =>
    `<math${display ? ' display="block"' : ''}><semantics><mi>m</mi><annotation encoding="application/x-tex">${escapeText(tex)}</annotation></semantics></math>`,
  'MathJax 2 script': (tex, display) =>
    `<script type="math/tex${display ? '; mode=display' : ''}">${escapeText(tex)}</script>`,
  'MathML text': (tex, display) => `<math${display ? ' display="block"' : ''}><mi>${escapeText(tex)}</mi></math>`,
};

/** A paragraph with formulas before and after the hostile one, and one real link. */
function page(formula: string): string {
  return `<p>Before <math alttext="u"><mi>u</mi></math> ${formula} after <a href="https://example.com/real">real</a> <math alttext="v"><mi>v</mi></math> end</p>`;
}

const REAL_LINK = ['link https://example.com/real'];

describe('page math cannot smuggle Markdown', () => {
  describe.each(Object.entries(SOURCES))('TeX from %s', (_source, formula) => {
    it.each(PAYLOADS)('inline: %j yields no link, image or HTML of its own', (payload) => {
      const markdown = md(page(formula(payload, false)));
      expect(markupIn(markdown, 'plain')).toEqual(REAL_LINK);
      expect(markupIn(markdown, 'math')).toEqual(REAL_LINK);
    });

    it.each(PAYLOADS)('display: %j yields no link, image or HTML of its own', (payload) => {
      const markdown = md(`${page('')}${formula(payload, true)}${page('')}`);
      expect(markupIn(markdown, 'plain')).toEqual([...REAL_LINK, ...REAL_LINK]);
      expect(markupIn(markdown, 'math')).toEqual([...REAL_LINK, ...REAL_LINK]);
    });
  });

  it('does not let a dangling backslash escape the closing $ and pair it with the next formula', () => {
    const markdown = md(
      `<p><math alttext="g\\"><mi>g</mi></math> then <a href="https://example.com/real">real</a> then <math alttext="${LINK}"><mi>y</mi></math></p>`,
    );
    expect(markdown).toBe('$g$ then [real](https://example.com/real) then $[x]{}(javascript:alert(1))$');
    expect(markupIn(markdown, 'math')).toEqual(REAL_LINK);
  });

  it('does not let a backtick in TeX open a code span that swallows the text and links after it', () => {
    const markdown = md(
      '<p><math alttext="a`"><mi>a</mi></math> then <a href="https://example.com/real">real</a> and a ` tick</p>',
    );
    expect(markdown).toBe('$a$ then [real](https://example.com/real) and a \\` tick');
    expect(markupIn(markdown, 'plain')).toEqual(REAL_LINK);
  });

  it('collapses blank lines in display TeX, which would let a line start a link reference definition', () => {
    const markdown = md(
      '<math display="block" alttext="n&#10;&#10;[r]: javascript:alert(1)&#10;"><mi>n</mi></math><p>see <math alttext="[r]"><mi>r</mi></math></p>',
    );
    expect(markdown).toBe('$$\nn\n[r]: javascript:alert(1)\n$$\n\nsee $[r]$');
    expect(markupIn(markdown, 'plain')).toEqual([]);
  });

  it('passes over a TeX source with a $ of its own for the next one, then for the MathML', () => {
    expect(md(`<span data-tex="\\frac{1}{2}"><math alttext="a$b"><mi>m</mi></math></span>`)).toBe('$\\frac{1}{2}$');
    expect(
      md(
        `<math alttext="a$b"><semantics><mi>m</mi><annotation encoding="application/x-tex">c$d</annotation></semantics></math>`,
      ),
    ).toBe('$m$');
  });

  it('writes a MathJax 2 script that cannot be math as escaped text', () => {
    expect(md(`<p>x <script type="math/tex">i$ ${LINK} $j</script> y</p>`)).toBe(
      'x i$ \\[x\\]\\(javascript:alert(1)) \\$j y',
    );
    expect(md(`<script type="math/tex; mode=display">k\` ${IMAGE} www.a.example b@c.example</script>`)).toBe(
      'k\\` \\!\\[t\\]\\(https\\://tracker.example/t.gif) www\\.a.example b\\@c.example',
    );
  });

  it('breaks what GFM readers would link by themselves with empty groups', () => {
    expect(md('<math alttext="https://a.example/ www.b.example c@d.example"><mi>m</mi></math>')).toBe(
      '$https:{}//a.example/ www{}.b.example c@{}d.example$',
    );
  });

  it('keeps TeX that is safe as it is: escaped dollars, optional arguments, intervals', () => {
    expect(md('<math alttext="\\$5 + \\sqrt[3]{8} \\in [0, 1)"><mi>m</mi></math>')).toBe(
      '$\\$5 + \\sqrt[3]{8} \\in [0, 1)$',
    );
    expect(md('<math alttext="f[a](x)"><mi>m</mi></math>')).toBe('$f[a]{}(x)$');
  });
});

describe('page math through the content script path', () => {
  afterEach(() => {
    window.getSelection()?.removeAllRanges();
    document.body.innerHTML = '';
  });

  it('yields no link or image the page did not show, for every source and payload', () => {
    document.body.innerHTML = Object.values(SOURCES)
      .flatMap((formula) => PAYLOADS.flatMap((payload) => [page(formula(payload, false)), formula(payload, true)]))
      .join('');
    const range = document.createRange();
    range.selectNodeContents(document.body);
    window.getSelection()?.addRange(range);
    const markdown = captureSelection(document, window)?.markdown ?? '';
    const shown = Object.values(SOURCES).flatMap(() => PAYLOADS.map(() => REAL_LINK[0]));
    expect(markupIn(markdown, 'plain')).toEqual(shown);
    expect(markupIn(markdown, 'math')).toEqual(shown);
  });
});
