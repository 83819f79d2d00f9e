import { describe, expect, it } from 'vitest';
import { runArticleScript, takePrefillRequest } from '../../entrypoints/article-reader/article-script';
import { parsePage } from '../../tests/support/clip/corpus';
import { PAGE_URL, PROSE } from '../../tests/support/clip/story';
import { textValue } from '../api';
import { PREFILL_REQUEST_KEY, type PrefillRequest } from './prefill-request';

function page(): Document {
  return parsePage(
    `<html><head><title>Story</title></head><body><article><h1>Story</h1>${PROSE}</article></body></html>`,
    PAGE_URL,
  );
}

const request: PrefillRequest = {
  template: {
    fieldMappings: [
      { propertyId: 'by', source: 'author' },
      { propertyId: 'words', source: 'wordCount' },
    ],
    notesTemplate: 'By {{author}}',
  },
  definitions: [
    { id: 'by', type: 'text', writable: true },
    { id: 'words', type: 'number', writable: true },
  ],
  keep: 'link',
  page: {
    url: PAGE_URL,
    title: 'Story',
    metadata: {
      title: 'Story',
      url: PAGE_URL,
      canonicalUrl: PAGE_URL,
      author: 'Ada Reporter',
      siteName: null,
      publishedAt: null,
      description: null,
      faviconUrl: '',
      language: null,
    },
    selection: null,
  },
  now: Date.parse('2026-11-24T10:00:00Z'),
};

describe('the article script', () => {
  it('asked by the popup (no request left): answers the article', () => {
    expect(runArticleScript(page(), undefined).kind).toBe('article');
  });

  it("asked by a quick clip: answers the space's template applied to the page, the article's word count included", () => {
    const answer = runArticleScript(page(), request);
    if (answer.kind !== 'prefill') throw new Error(`not a prefill: ${answer.kind}`);
    expect(answer.properties.by).toEqual(textValue('Ada Reporter'));
    const words = answer.properties.words;
    expect(words?.type === 'number' && words.number.value).toBeGreaterThan(150);
    expect(answer.notes).toBe('By Ada Reporter');
  });

  it('keeps the article after the notes when the quick clip keeps it', () => {
    const answer = runArticleScript(page(), { ...request, keep: 'article' });
    if (answer.kind !== 'prefill') throw new Error(`not a prefill: ${answer.kind}`);
    expect(answer.notes).toMatch(/^By Ada Reporter\n\n— \[Story\]\(https:\/\/news\.example\.com\/2024\/story\.html\)/);
    expect(answer.notes).toContain('Paragraph 6 of the story');
  });

  it('takes the request left for it once: a later run answers the article again', () => {
    const holder: Record<symbol, unknown> = { [Symbol.for(PREFILL_REQUEST_KEY)]: [request] };
    expect(takePrefillRequest(holder)).toBe(request);
    expect(takePrefillRequest(holder)).toBeUndefined();
    // A page cannot leave one: a string key (an element id, a global it sets) is not the symbol.
    expect(takePrefillRequest({ [PREFILL_REQUEST_KEY]: [request] } as never)).toBeUndefined();
  });
});
