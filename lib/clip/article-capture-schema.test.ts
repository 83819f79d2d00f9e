import { describe, expect, it } from 'vitest';
import { articleCaptureSchema } from '../../entrypoints/background/article-capture-schema';
import type { ArticleCapture } from './article';

const found: ArticleCapture = {
  kind: 'article',
  markdown: 'Text.',
  characters: 5,
  words: 1,
  findings: {
    title: 'T',
    byline: null,
    siteName: null,
    publishedTime: null,
    excerpt: null,
    language: 'en',
    direction: 'ltr',
  },
};

describe('articleCaptureSchema', () => {
  it('accepts the three answers the article script gives', () => {
    expect(articleCaptureSchema.parse(found)).toEqual(found);
    expect(articleCaptureSchema.parse({ kind: 'no-article' })).toEqual({ kind: 'no-article' });
    expect(articleCaptureSchema.parse({ kind: 'too-large', oversizedBytes: 6_000_000 })).toEqual({
      kind: 'too-large',
      oversizedBytes: 6_000_000,
    });
  });

  it.each([
    ['no answer', undefined],
    ['an unknown kind', { kind: 'article-ish' }],
    ['an extra field (a page cannot add data)', { ...found, token: 'x' }],
    ['an extra finding', { ...found, findings: { ...found.findings, html: '<b>' } }],
    ['Markdown over the clip limit', { ...found, markdown: 'x'.repeat(5_000_001), characters: 5_000_001 }],
    ['empty Markdown', { ...found, markdown: '', characters: 0 }],
    ['a character count that is not the Markdown length', { ...found, characters: 4 }],
    ['a negative word count', { ...found, words: -1 }],
    ['a fractional word count', { ...found, words: 1.5 }],
    ['a title over the capture limit', { ...found, findings: { ...found.findings, title: 'x'.repeat(2_001) } }],
    ['a language over the capture limit', { ...found, findings: { ...found.findings, language: 'x'.repeat(201) } }],
    ['an unknown direction', { ...found, findings: { ...found.findings, direction: 'up' } }],
  ])('refuses %s', (_name, answer) => {
    expect(articleCaptureSchema.safeParse(answer).success).toBe(false);
  });
});
