/**
 * Long article bodies as the create request's Markdown plus ordered appends: every part within
 * the published request limit in characters, no code block or table cut, no character split,
 * and the parts joined give the article back.
 */
import { marked, type Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_MARKDOWN_CHARS } from '../api';
import { requestParts } from './request-parts';

const encoder = new TextEncoder();

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// One-, two-, three- and four-byte characters; the last ones are surrogate pairs in UTF-16.
const WORDS = ['the', 'article', 'naïve', 'Übung', '漢字', 'かな', 'שלום', '😀', '👩‍💻', 'a_b', '\\*x\\*', '`code`'];

/** An article of about `length` characters: paragraphs, headings, lists, quotes, code and tables. */
function article(length: number, seed: number): string {
  const next = random(seed);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)] as T;
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const blocks: string[] = [];
  let size = 0;
  while (size < length) {
    const kind = next();
    let block: string;
    if (kind < 0.15) {
      // Blank lines inside code must not end a part.
      const lines = Array.from({ length: 5 + Math.floor(next() * 60) }, () => (next() < 0.2 ? '' : words(6)));
      block = ['```ts', ...lines, '```'].join('\n');
    } else if (kind < 0.25) {
      const rows = Array.from({ length: 3 + Math.floor(next() * 40) }, () => `| ${words(2)} | ${words(3)} |`);
      block = ['| one | two |', '| --- | --- |', ...rows].join('\n');
    } else if (kind < 0.3) block = `## ${words(4)}`;
    else if (kind < 0.35) block = `- ${words(8)}\n- ${words(5)}\n  - ${words(3)}`;
    else if (kind < 0.4) block = `> ${words(12)}\n>\n> ${words(7)}`;
    else block = words(20 + Math.floor(next() * 150));
    blocks.push(block);
    size += block.length + 2;
  }
  return blocks.join('\n\n');
}

/** Where each code block and table of the Markdown starts and ends, in characters. */
function unbreakableRanges(markdown: string): { kind: string; start: number; end: number }[] {
  const ranges: { kind: string; start: number; end: number }[] = [];
  let offset = 0;
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'code' || token.type === 'table') {
        const start = markdown.indexOf(token.raw.trimEnd(), offset);
        if (start < 0) throw new Error(`token not found: ${token.raw.slice(0, 40)}`);
        ranges.push({ kind: token.type, start, end: start + token.raw.trimEnd().length });
      }
      offset += token.raw.length;
    }
  };
  walk(marked.lexer(markdown));
  return ranges;
}

function isWholeCharacters(part: string): boolean {
  return !/^[\udc00-\udfff]/.test(part) && !/[\ud800-\udbff]$/.test(part);
}

describe('requestParts', () => {
  it('keeps a body within the limit as one part, and an empty body as none', () => {
    const body = 'x'.repeat(MAX_REQUEST_MARKDOWN_CHARS);
    expect(requestParts(body)).toEqual([body]);
    expect(requestParts('')).toEqual([]);
  });

  it.each([1, 2, 3])(
    'splits a 600,000-character article into parts within the limit that give it back (seed %i)',
    (seed) => {
      const markdown = article(600_000, seed);
      expect(markdown.length).toBeGreaterThanOrEqual(600_000);
      const parts = requestParts(markdown);
      expect(parts.length).toBeGreaterThanOrEqual(3);
      for (const part of parts) {
        expect(part.length).toBeLessThanOrEqual(MAX_REQUEST_MARKDOWN_CHARS);
        expect(encoder.encode(part).length).toBeLessThanOrEqual(MAX_REQUEST_MARKDOWN_CHARS);
        expect(isWholeCharacters(part)).toBe(true);
        expect(part).not.toMatch(/^\n|\n$/);
      }
      expect(parts.join('\n\n')).toBe(markdown);
    },
  );

  it('never cuts a code block or a table between two parts', () => {
    const markdown = article(600_000, 4);
    const parts = requestParts(markdown);
    const bounds: { start: number; end: number }[] = [];
    let start = 0;
    for (const part of parts) {
      bounds.push({ start, end: start + part.length });
      start += part.length + 2;
    }
    const ranges = unbreakableRanges(markdown);
    expect(ranges.filter((range) => range.kind === 'code').length).toBeGreaterThan(50);
    expect(ranges.filter((range) => range.kind === 'table').length).toBeGreaterThan(50);
    for (const range of ranges) {
      const holder = bounds.find((bound) => bound.start <= range.start && range.start < bound.end);
      expect(holder && range.end <= holder.end, `${range.kind} at ${range.start}`).toBe(true);
    }
  });

  it('splits a code block larger than a part into fenced blocks that together hold its lines', () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `line ${i} 漢字 😀 ${'x'.repeat(i % 7)}`);
    const markdown = `Intro.\n\n\`\`\`python\n${lines.join('\n')}\n\`\`\`\n\nOutro.`;
    const parts = requestParts(markdown);
    expect(parts.length).toBeGreaterThan(3);
    const code: string[] = [];
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(MAX_REQUEST_MARKDOWN_CHARS);
      for (const token of marked.lexer(part)) if (token.type === 'code') code.push(...token.text.split('\n'));
    }
    expect(code).toEqual(lines);
  });

  it('splits a table larger than a part into tables that each repeat its header row', () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => `| ${i} | cell 漢字 ${i} | 😀 |`);
    const markdown = `| n | text | icon |\n| --: | --- | :-: |\n${rows.join('\n')}`;
    const parts = requestParts(markdown);
    expect(parts.length).toBeGreaterThan(1);
    const cells: string[] = [];
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(MAX_REQUEST_MARKDOWN_CHARS);
      const [table, ...rest] = marked.lexer(part).filter((token) => token.type !== 'space');
      expect(rest).toEqual([]);
      if (table?.type !== 'table') throw new Error('not a table');
      expect(table.header.map((cell: { text: string }) => cell.text)).toEqual(['n', 'text', 'icon']);
      expect(table.align).toEqual(['right', null, 'center']);
      for (const row of table.rows) cells.push(row[0].text);
    }
    expect(cells).toEqual(rows.map((_, i) => String(i)));
  });
});
