/**
 * Turndown's own test cases (corpus/turndown/cases.json) through the clip converter. Where our
 * output differs from turndown's expected Markdown, the difference must be listed below with its
 * reason, and — unless listed as rendering differently — both must render to the same HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusAvailable } from '../../tests/support/clip/corpus';
import { fragment, md } from '../../tests/support/clip/html';

interface TurndownCase {
  name: string;
  options: Record<string, unknown>;
  input_html: string;
  expected_markdown: string;
}

const BASE = 'http://example.com/';

/** Differences in the Markdown source that render to the same document. */
const STYLE_DIFFERENCES: [reason: string, cases: string[]][] = [
  [
    'ATX headings (`# x`), not setext underlines: one line per heading, same in every renderer',
    ['h1', 'h2', 'html in blockquote'],
  ],
  ['`*` for emphasis: `_` does not work inside words', ['em', 'i', 'whitespace in inline elements']],
  [
    '`---` for rules, `-` bullets with one space and continuation lines indented to the text',
    [
      'hr',
      'hr with closing tag',
      'hr with option',
      'ol',
      'ol with start',
      'ol with content',
      'list spacing',
      'ul',
      'ul with custom bullet',
      'ul with paragraph',
      'ol with paragraphs',
      'nested uls',
      'nested ols and uls',
      'ul with blockquote',
      'trailing whitespace in li',
      'multilined and bizarre formatting',
    ],
  ],
  [
    'fenced code blocks (indented code cannot carry a language)',
    [
      'pre/code block',
      'multiple pre/code blocks',
      'pre/code block with multiple new lines',
      'pre/code with comment',
      'not escaping within code',
      'pre/code block fenced with ~',
      'triple tildes inside code',
    ],
  ],
  ['blank lines inside a blockquote are a bare `>`, without trailing space', ['blockquote', 'nested blockquotes']],
  ['hard breaks are always two spaces (no `br` option)', ['br with visible line-ending']],
  [
    'links are always inline (no reference style)',
    [
      'a reference',
      'a reference with space in URL',
      'a reference with collapsed style',
      'a reference with shortcut style',
      'a reference with title',
    ],
  ],
  [
    'URLs are made absolute against the page and percent-encoded, not escaped or put in `<…>`',
    [
      'img with relative src',
      'img with alt',
      'img with escaped content in alt',
      'img with parenthesis in src',
      'img with space in URL',
      'a',
      'a with space in URL',
      'a with parenthesis in query',
      'escaping [',
      'whitespace in nested inline elements',
    ],
  ],
  [
    'link and image titles are dropped: tooltips, mostly repeating the text (thousands on Wikipedia)',
    [
      'a with title',
      'a with multiline title',
      'a with quotes in title',
      'img with new lines in title',
      'img with quotes in title',
    ],
  ],
  [
    'alt text is one line, as the browser shows it',
    ['img with a new line in alt', 'img with more than one new line in alt'],
  ],
  ['`_` inside a word is not escaped: it cannot start emphasis there', ['escaping _ inside em tags']],
  [
    'the same whitespace handling with `*` instead of `_` around emphasis',
    [
      'element with trailing nonASCII WS followed by nonWS',
      'element with trailing nonASCII WS followed by nonASCII WS',
      'element with trailing ASCII WS followed by nonASCII WS',
      'element with trailing nonASCII WS followed by ASCII WS',
      'nonWS followed by element with leading nonASCII WS',
      'nonASCII WS followed by element with leading nonASCII WS',
      'nonASCII WS followed by element with leading ASCII WS',
      'ASCII WS followed by element with leading nonASCII WS',
    ],
  ],
];

/** Differences that render differently on purpose, each with our exact output. */
const RENDERING_DIFFERENCES: Record<string, { reason: string; markdown: string }> = {
  'escaping ~~~': {
    reason: 'every <pre> is code, with or without <code>: pages like RFCs and Sphinx docs rely on it',
    markdown: '```\n~~~ foo\n```',
  },
  'preformatted code with leading whitespace': {
    reason: 'no `preformattedCode` option: inline code whitespace collapses, as browsers render it',
    markdown: 'Four spaces `make an indented code block in Markdown`',
  },
  'preformatted code with trailing whitespace': {
    reason: 'no `preformattedCode` option: inline code whitespace collapses, as browsers render it',
    markdown: '`A line break ` **note the spaces**',
  },
  'preformatted code with newlines': {
    reason: 'no `preformattedCode` option: inline code whitespace collapses, as browsers render it',
    markdown: '`nasty code`',
  },
};

const styleReason = new Map(STYLE_DIFFERENCES.flatMap(([reason, names]) => names.map((name) => [name, reason])));

/** Rendered HTML, normalised for what the listed style differences change on purpose. */
function rendered(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  const root = fragment(html);
  for (const el of root.querySelectorAll('[href], [src]')) {
    for (const name of ['href', 'src']) {
      const value = el.getAttribute(name);
      // Percent-encoding and escaping name the same URL.
      if (value !== null) el.setAttribute(name, decodeURI(new URL(value, BASE).href));
    }
  }
  for (const el of root.querySelectorAll('[title]')) el.removeAttribute('title');
  for (const el of root.querySelectorAll('[alt]'))
    el.setAttribute('alt', (el.getAttribute('alt') ?? '').replace(/\s+/g, ' '));
  const container = document.createElement('div');
  container.append(root);
  return container.innerHTML.replace(/\s+/g, ' ').replace(/> </g, '><').trim();
}

const cases: TurndownCase[] = corpusAvailable
  ? JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, 'turndown/cases.json'), 'utf8'))
  : [];

describe.skipIf(!corpusAvailable)('turndown test cases (corpus missing: skipped)', () => {
  it('has all 147 cases', () => {
    expect(cases).toHaveLength(147);
  });

  it.each(cases.map((testCase, index) => [index, testCase.name, testCase] as const))(
    'case %i: %s',
    (_index, name, testCase) => {
      // The test page annotates some expectations with HTML comments that are not output.
      const expected = testCase.expected_markdown.replace(/<!--.*?-->/g, '');
      const ours = md(testCase.input_html, BASE);
      const rendering = RENDERING_DIFFERENCES[name];
      if (rendering) {
        expect(ours).toBe(rendering.markdown);
        return;
      }
      if (!styleReason.has(name)) {
        expect(ours).toBe(expected);
        return;
      }
      expect(ours, 'listed as a style difference but identical').not.toBe(expected);
      expect(rendered(ours)).toBe(rendered(expected));
    },
  );

  it('lists only existing cases as differences', () => {
    const names = new Set(cases.map((testCase) => testCase.name));
    for (const name of [...styleReason.keys(), ...Object.keys(RENDERING_DIFFERENCES)]) expect(names).toContain(name);
  });
});
