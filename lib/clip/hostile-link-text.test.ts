/**
 * Page text inside a link's text stays text: a page title in the source line or in a template's
 * link, and the text of a page's own links, never become an image or another link, for marked
 * (which reads `\[` and `\]` inside link text back as brackets) as for markdown-it. Hundreds of
 * strings built from Markdown's dangerous pieces are checked, each against every reader.
 */

import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { md, PAGE_URL } from '../../tests/support/clip/html';
import { markupIn, READERS } from '../../tests/support/clip/markdown-links';
import { htmlToMarkdown } from './markdown';
import { renderNotesTemplate } from './notes-template';
import { sourceLine } from './quote';

const LINK = 'https://example.com/page';
const TRACKER = 'https://tracker.example/p.gif';

const PIECES = [
  '!',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '\\',
  '`',
  '*',
  '_',
  '~',
  '$',
  '"',
  ':',
  ' ',
  'x',
  '&#40;',
  '&#91;',
  '&lpar;',
  '&#33;',
  TRACKER,
  'www.tracker.example',
  `![](${TRACKER})`,
  '[x](https://tracker.example/)',
  `<${TRACKER}>`,
  `<img src=${TRACKER}>`,
  ']: https://tracker.example/',
];

/** A seeded generator (mulberry32): the same strings on every run, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hostileStrings(count: number, seed: number): string[] {
  const next = random(seed);
  const pick = () => PIECES[Math.floor(next() * PIECES.length)] ?? '';
  return Array.from({ length: count }, () => {
    const pieces = Array.from({ length: 1 + Math.floor(next() * 8) }, pick);
    // Always something to show, or there would be no link text at all.
    return `${pieces.join('')}x`;
  });
}

const HOSTILE = [
  `![](${TRACKER})`,
  '[x](https://tracker.example/)',
  `a ![b](${TRACKER}) c [d](https://tracker.example/) e`,
  `![x][y] [y]: ${TRACKER}`,
  ...hostileStrings(300, 20),
];

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

function textOfOnlyLink(html: string): string | null | undefined {
  const container = document.createElement('div');
  container.innerHTML = html;
  const links = container.querySelectorAll('a');
  return links.length === 1 ? links[0]?.textContent : `${links.length} links`;
}

const commonMark = new MarkdownIt({ html: true, linkify: true });

/** What the one link of `markdown` shows, as marked and as markdown-it render it. */
function shownLinkText(markdown: string): (string | null | undefined)[] {
  return [textOfOnlyLink(marked.parse(markdown, { async: false })), textOfOnlyLink(commonMark.render(markdown))];
}

describe('a page title as the text of the source line', () => {
  it.each(HOSTILE)('%j stays the text of the one link', (title) => {
    const markdown = sourceLine({ title, url: LINK });
    for (const reader of READERS) expect(markupIn(markdown, reader), reader).toEqual([`link ${LINK}`]);
    expect(shownLinkText(markdown)).toEqual([flat(title), flat(title)]);
  });
});

describe("a page title inside the template's own link", () => {
  it.each(HOSTILE)('%j stays the text of the one link', (title) => {
    const markdown = renderNotesTemplate('[{{title}}]({{url}})', {
      title,
      url: LINK,
      selection: null,
      author: null,
      published: null,
      site: null,
      now: new Date('2026-11-24T13:03:00Z'),
    });
    for (const reader of READERS) expect(markupIn(markdown, reader), reader).toEqual([`link ${LINK}`]);
    expect(shownLinkText(markdown)).toEqual([flat(title), flat(title)]);
  });
});

// Where text may be cut: not inside a character reference, whose halves would make another
// character when joined again (a different letter shown, never markup: not what is tested here).
function cutPoints(text: string): number[] {
  const inside = new Set<number>();
  for (const match of text.matchAll(/&#?[a-z\d]+;/gi)) {
    for (let i = match.index + 1; i < match.index + match[0].length; i++) inside.add(i);
  }
  return Array.from({ length: text.length }, (_, i) => i).filter((i) => !inside.has(i));
}

/**
 * `text` cut into a few text nodes, some wrapped in a span: a page can split its text anywhere,
 * and the converter escapes one text node at a time.
 */
function splitText(text: string, seed: number): Node[] {
  const next = random(seed);
  const points = cutPoints(text);
  const cut = () => points[Math.floor(next() * points.length)] ?? 0;
  const cuts = [0, ...Array.from({ length: 3 }, cut).sort((a, b) => a - b)];
  return cuts.map((start, index) => {
    const part = document.createTextNode(text.slice(start, cuts[index + 1] ?? text.length));
    if (next() < 0.5) return part;
    const span = document.createElement('span');
    span.append(part);
    return span;
  });
}

function paragraph(...nodes: Node[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const p = document.createElement('p');
  p.append(...nodes);
  fragment.append(p);
  return fragment;
}

function pageLink(...nodes: Node[]): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = LINK;
  link.append(...nodes);
  return link;
}

describe("the text of a page's link, converted", () => {
  it.each(HOSTILE.map((text, index) => [text, index] as const))('%j stays the text of the one link', (text, seed) => {
    const markdown = htmlToMarkdown(paragraph(pageLink(...splitText(text, seed))), { baseUrl: PAGE_URL });
    for (const reader of READERS) expect(markupIn(markdown, reader), reader).toEqual([`link ${LINK}`]);
    expect(shownLinkText(markdown)).toEqual([flat(text), flat(text)]);
  });
});

describe("the text around a page's link, converted", () => {
  it.each(HOSTILE.map((text, index) => [text, index] as const))('%j makes no image of the link', (text, seed) => {
    const page = paragraph(...splitText(text, seed), pageLink(document.createTextNode('link')));
    const markdown = htmlToMarkdown(page, { baseUrl: PAGE_URL });
    for (const reader of READERS) {
      // GFM links a web address in text by itself: that is the page's text, shown as a link.
      const notLinks = markupIn(markdown, reader).filter((found) => !found.startsWith('link '));
      expect(notLinks, reader).toEqual([]);
    }
  });
});

describe('examples', () => {
  it('writes a title that spells an image and a link with its brackets, ! and ( escaped', () => {
    expect(sourceLine({ title: `![](${TRACKER}) [x](https://tracker.example/)`, url: LINK })).toBe(
      `— [\\!\\[\\]\\(${TRACKER}) \\[x\\]\\(https://tracker.example/)](${LINK})`,
    );
  });

  it('escapes a ! that ends the text before a link, so that the link does not become an image', () => {
    expect(md('<p>Wow!<a href="https://example.com/after">next</a></p>')).toBe(
      'Wow\\![next](https://example.com/after)',
    );
    expect(md('<p><span>Wow!</span><code><a href="/api">api</a></code></p>')).toBe(
      `Wow\\![\`api\`](${new URL('/api', PAGE_URL).href})`,
    );
  });

  it('escapes a ( that starts a text node after one that ends in ]', () => {
    expect(md(`<p><a href="${LINK}">!<span>[]</span>(${TRACKER})</a></p>`)).toBe(`[!\\[\\]\\(${TRACKER})](${LINK})`);
  });

  it('writes a < that a web address before it may reach as a character reference, other < as \\<', () => {
    const markdown = md(
      `<p>www.tracker.example&lt;x&lt;img src=${TRACKER}&gt; <span>www.tracker.example</span>&lt;img&gt; a &lt;b&gt; <a href="${LINK}">link</a></p>`,
    );
    expect(markdown).toBe(
      `www.tracker.example&lt;x&lt;img src=${TRACKER}> www.tracker.example&lt;img> a \\<b> [link](${LINK})`,
    );
    for (const reader of READERS) {
      expect(
        markupIn(markdown, reader).filter((found) => !found.startsWith('link ')),
        reader,
      ).toEqual([]);
    }
  });

  it('leaves a ( alone after anything but ], and a ! before anything but a link', () => {
    expect(md('<p><b>Note</b>(1) Wow!<b>bold</b> Hey!(2) <a href="/x">(a)</a></p>')).toBe(
      `**Note**(1) Wow!**bold** Hey!(2) [(a)](${new URL('/x', PAGE_URL).href})`,
    );
  });
});
