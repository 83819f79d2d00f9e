import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './front-matter.ts';

describe('front matter', () => {
  it('reads scalars and lists, and returns the rest as the body', () => {
    const markdown = [
      '---',
      'title: "Dune: a novel"',
      'pages: 412',
      'rating: 4.5',
      'owned: true',
      'summary:',
      "note: 'it''s fine' # a comment",
      'genres: [Fiction, "Science"]',
      'tags:',
      '  - one',
      '  - two',
      '---',
      '# Body',
    ].join('\n');
    expect(splitFrontMatter(markdown)).toEqual({
      entries: [
        ['title', 'Dune: a novel'],
        ['pages', 412],
        ['rating', 4.5],
        ['owned', true],
        ['summary', null],
        ['note', "it's fine"],
        ['genres', ['Fiction', 'Science']],
        ['tags', ['one', 'two']],
      ],
      body: '# Body',
    });
  });

  it('leaves Markdown without front matter as it is', () => {
    expect(splitFrontMatter('# Title\n\n---\n\nText')).toEqual({ entries: [], body: '# Title\n\n---\n\nText' });
  });

  it('refuses front matter it cannot read', () => {
    expect(() => splitFrontMatter('---\ntitle: x\n')).toThrow(/closing "---"/);
    expect(() => splitFrontMatter('---\n  nested: x\n---\n')).toThrow(/line 2 is not "key: value"/);
  });
});
