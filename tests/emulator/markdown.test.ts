import { describe, expect, it } from 'vitest';
import { blocksToMarkdown, escapeText } from './markdown-export.ts';
import { markdownToBlocks } from './markdown-import.ts';
import { SHOWCASE } from './seed-content.ts';
import { counterIds } from './testing.ts';
import type { Block } from './types.ts';

const toBlocks = (markdown: string) => markdownToBlocks(markdown, counterIds());
const toMarkdown = (blocks: Block[]) =>
  blocksToMarkdown(blocks, { entityTitle: (id) => (id === 'known' ? 'Known page' : undefined) });
const roundTrip = (markdown: string) => toMarkdown(toBlocks(markdown));

describe('Markdown → blocks', () => {
  it('converts headings, paragraphs and inline styles into tokens', () => {
    const [heading, paragraph] = toBlocks('## Title\n\nSome **bold** _it_ ~~gone~~ `code` [link](https://e.com) $x^2$');
    expect(heading).toMatchObject({
      type: 'TextBlock',
      hierarchy: { key: 'heading', val: 2 },
      tokens: [{ type: 'TextToken', text: 'Title' }],
    });
    expect(paragraph).toMatchObject({
      type: 'TextBlock',
      hierarchy: { key: 'base', val: 0 },
      tokens: [
        { type: 'TextToken', text: 'Some ' },
        { type: 'TextToken', text: 'bold', style: { bold: true } },
        { type: 'TextToken', text: ' ' },
        { type: 'TextToken', text: 'it', style: { italic: true } },
        { type: 'TextToken', text: ' ' },
        { type: 'TextToken', text: 'gone', style: { strikethrough: true } },
        { type: 'TextToken', text: ' ' },
        { type: 'CodeToken', text: 'code' },
        { type: 'TextToken', text: ' ' },
        { type: 'LinkToken', text: 'link', url: 'https://e.com' },
        { type: 'TextToken', text: ' ' },
        { type: 'MathToken', text: 'x^2' },
      ],
    });
  });

  it('nests lists and keeps todo state', () => {
    const blocks = toBlocks('- a\n  - b\n1. one\n- [x] done\n- [ ] open');
    expect(blocks[0]).toMatchObject({ list: 'bullet', blocks: [{ list: 'bullet', tokens: [{ text: 'b' }] }] });
    expect(blocks[1]).toMatchObject({ list: 'numbered' });
    expect(blocks[2]).toMatchObject({ todo: { checked: true } });
    expect(blocks[3]).toMatchObject({ todo: { checked: false } });
  });

  it('maps quotes, code, math, rules and keeps tables verbatim', () => {
    const blocks = toBlocks(
      '> quoted\n\n```js\nconst a = 1;\n  indented\n```\n\n$$\nE = mc^2\n$$\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(blocks.map((block) => block.type)).toEqual([
      'TextBlock',
      'CodeBlock',
      'MathBlock',
      'HorizontalLineBlock',
      'unsupported',
    ]);
    expect(blocks[0]).toMatchObject({ quote: true });
    expect(blocks[1]).toEqual({ id: 'b1', type: 'CodeBlock', lang: 'js', text: 'const a = 1;\n  indented' });
    expect(blocks[2]).toMatchObject({ text: 'E = mc^2' });
    expect(blocks[4]).toMatchObject({ markdown: '| a | b |\n|---|---|\n| 1 | 2 |' });
  });

  it('does not read prices as inline math', () => {
    const [paragraph] = toBlocks('It costs $5 and $10.');
    expect(paragraph).toMatchObject({ tokens: [{ type: 'TextToken', text: 'It costs $5 and $10.' }] });
  });

  it('decodes escapes and character references', () => {
    const [paragraph] = toBlocks('\\*not bold\\* &amp; &lt;tag&gt; &#x263A;');
    expect(paragraph).toMatchObject({ tokens: [{ type: 'TextToken', text: '*not bold* & <tag> ☺' }] });
    expect(toBlocks('&constructor; &unknown;')[0]).toMatchObject({ tokens: [{ text: '&constructor; &unknown;' }] });
  });
});

describe('blocks → Markdown', () => {
  it('round-trips the showcase page verbatim', () => {
    expect(roundTrip(SHOWCASE)).toBe(SHOWCASE);
  });

  it.each([
    [
      'a quote followed by its source',
      '> Some quoted text from the page.\n\n— [Example page](https://example.com/article?a=1&b=2)',
    ],
    ['a multi-paragraph quote', '> first\n>\n> second'],
    ['a code block with backticks inside', '````md\n```js\nx\n```\n````'],
    ['nested lists', '- one\n  - two\n    1. three\n    2. four\n- five'],
    ['right-to-left and CJK text', 'שלום עולם — مرحبا بالعالم — 日本語のテキスト'],
    ['Turndown-style escapes', 'snake\\_case, \\*stars\\*, \\[1\\] and a \\`tick\\`'],
    ['line-start escapes', '\\# not a heading\n\\- not a list\n1\\. not numbered\n\\> not a quote'],
    ['a table', '| a | b |\n| --- | --- |\n| 1 | 2 |'],
    ['an image', '![alt text](https://example.com/i.png)'],
    ['inline HTML', 'Press <kbd>Ctrl</kbd> now'],
    ['a bare URL', 'See https://example.com/path_(x) for more'],
    ['emoji', 'Clipped 🎉 ✂️'],
    ['inline math and prices', 'Euler: $e^{i\\pi}=-1$ costs $5 and $10'],
  ])('keeps %s', (_name, markdown) => {
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('normalises markers and emphasis', () => {
    expect(roundTrip('* a\n+ b')).toBe('- a\n- b');
    expect(roundTrip('*it* and __bold__')).toBe('_it_ and **bold**');
    expect(roundTrip('Title\n=====\n\n***')).toBe('# Title\n\n---');
    expect(roundTrip('    indented code')).toBe('```\nindented code\n```');
    expect(roundTrip('3. three\n4. four')).toBe('1. three\n2. four');
    expect(roundTrip('line one  \nline two')).toBe('line one\nline two');
    expect(roundTrip('- a\n\n- b')).toBe('- a\n- b');
  });

  it('uses * for emphasis inside words', () => {
    expect(roundTrip('foo*bar*baz')).toBe('foo*bar*baz');
  });

  it('renders client-built blocks', () => {
    const blocks: Block[] = [
      { id: '1', type: 'EntityBlock', entityId: 'known' },
      { id: '2', type: 'GridBlock', columns: [[{ id: '3', type: 'MathBlock', text: 'x' }], []] },
      {
        id: '4',
        type: 'TextBlock',
        tokens: [{ type: 'TextToken', text: 'toggle' }],
        toggle: { open: true },
        hierarchy: { key: 'base', val: 0 },
        blocks: [{ id: '5', type: 'CodeBlock', lang: '', text: 'child' }],
      },
    ];
    expect(toMarkdown(blocks)).toBe('[[Known page]]\n\n$$\nx\n$$\n\n- toggle\n\n  ```\n  child\n  ```');
  });

  it('escapes like Turndown', () => {
    expect(escapeText('a_b *c* [d] `e` \\', false)).toBe('a\\_b \\*c\\* \\[d\\] \\`e\\` \\\\');
    expect(escapeText('- item\n# title\n12. x', true)).toBe('\\- item\n\\# title\n12\\. x');
    expect(escapeText('- not at line start', false)).toBe('- not at line start');
  });
});
