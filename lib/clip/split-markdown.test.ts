import { describe, expect, it } from 'vitest';
import { splitMarkdown, utf8Length } from './split-markdown';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

/** Deterministic pseudo-random numbers (mulberry32), so failures can be replayed by seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// One-, two-, three- and four-byte characters (the last a surrogate pair in UTF-16).
const WORDS = ['plain', 'word', 'naïve', 'übung', '漢字', 'かな', '😀', '👩‍💻', 'a_b', '*x*', '`tick`'];

function generate(next: () => number): { markdown: string; blocks: string[] } {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)] as T;
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const blocks: string[] = [];
  const count = 1 + Math.floor(next() * 12);
  for (let i = 0; i < count; i++) {
    const kind = next();
    if (kind < 0.25) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 20) }, () =>
        next() < 0.2 ? '' : words(1 + Math.floor(next() * 8)),
      );
      blocks.push(['```ts', ...lines, '```'].join('\n'));
    } else if (kind < 0.35) {
      blocks.push(`> ${words(3)}\n>\n> ${words(2)}`);
    } else if (kind < 0.45) {
      blocks.push(`- ${words(2)}\n- ${words(3)}`);
    } else {
      blocks.push(words(1 + Math.floor(next() * (next() < 0.1 ? 200 : 25))));
    }
  }
  return { markdown: blocks.join('\n\n'), blocks };
}

function fencesBalanced(part: string): boolean {
  let open: string | null = null;
  for (const line of part.split('\n')) {
    const marker = /^(?:>\s?|\s)*(`{3,})/.exec(line)?.[1];
    if (!marker) continue;
    open = open === null ? marker : null;
  }
  return open === null;
}

describe('splitMarkdown', () => {
  it('returns short Markdown as one part', () => {
    expect(splitMarkdown('# Title\n\nText', 1000)).toEqual(['# Title\n\nText']);
  });

  it('returns no parts for empty Markdown', () => {
    expect(splitMarkdown('', 100)).toEqual([]);
  });

  it('splits at blank lines and packs blocks greedily', () => {
    expect(splitMarkdown('aaaaaaa\n\nbbbbbbb\n\nccccccc', 16)).toEqual(['aaaaaaa\n\nbbbbbbb', 'ccccccc']);
  });

  it('does not split at blank lines inside a fenced code block', () => {
    const code = '```\nline one\n\nline two\n```';
    expect(splitMarkdown(`intro\n\n${code}\n\noutro`, 30)).toEqual(['intro', code, 'outro']);
  });

  it('splits a code block larger than the limit into fenced pieces repeating the fence', () => {
    const code = ['````py', ...Array.from({ length: 10 }, (_, i) => `print(${i})`), '````'].join('\n');
    const parts = splitMarkdown(code, 40);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(bytes(part)).toBeLessThanOrEqual(40);
      expect(part.startsWith('````py\n')).toBe(true);
      expect(part.endsWith('\n````')).toBe(true);
    }
    const body = parts.flatMap((part) => part.split('\n').slice(1, -1));
    expect(body).toEqual(Array.from({ length: 10 }, (_, i) => `print(${i})`));
  });

  it('repeats the quote prefix of a fenced block inside a blockquote', () => {
    const parts = splitMarkdown('> ```\n> aaaaaaaa\n> bbbbbbbb\n> cccccccc\n> ```', 33);
    expect(parts).toEqual(['> ```\n> aaaaaaaa\n> bbbbbbbb\n> ```', '> ```\n> cccccccc\n> ```']);
  });

  it('closes the pieces of a fence left open at the end', () => {
    expect(splitMarkdown('```\naaaaaaaaaa\nbbbbbbbbbb', 20)).toEqual(['```\naaaaaaaaaa\n```', '```\nbbbbbbbbbb\n```']);
  });

  it('cuts a paragraph larger than the limit at spaces, never inside a surrogate pair', () => {
    expect(splitMarkdown('😀😀😀😀😀😀😀😀😀😀 end', 16)).toEqual(['😀😀😀😀', '😀😀😀😀', '😀😀 end']);
    expect(splitMarkdown('one two three four five six', 16)).toEqual(['one two three', 'four five six']);
  });

  it('measures UTF-8 bytes', () => {
    expect(utf8Length('aé漢😀')).toBe(1 + 2 + 3 + 4);
    expect(utf8Length('aé漢😀')).toBe(bytes('aé漢😀'));
  });

  it('refuses limits too small to make progress', () => {
    expect(() => splitMarkdown('text', 8)).toThrow(RangeError);
  });

  it('keeps its invariants on random Markdown', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const { markdown, blocks } = generate(next);
      const maxBytes = 16 + Math.floor(next() * 400);
      const parts = splitMarkdown(markdown, maxBytes);
      const context = `seed ${seed}, maxBytes ${maxBytes}`;
      for (const part of parts) {
        expect(bytes(part), context).toBeLessThanOrEqual(maxBytes);
        expect(part.isWellFormed(), context).toBe(true);
        expect(fencesBalanced(part), `${context}: ${part}`).toBe(true);
      }
      if (blocks.every((block) => bytes(block) <= maxBytes)) {
        expect(parts.join('\n\n'), context).toBe(markdown);
      } else {
        // Oversized blocks were cut: the text is still all there, in order, without the repeated fences.
        const content = (text: string) => text.replace(/^(?:>\s?)*`{3,}\w*$/gm, '').replace(/\s+/g, '');
        expect(content(parts.join('\n\n')), context).toBe(content(markdown));
      }
    }
  });
});
