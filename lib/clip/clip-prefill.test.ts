import { describe, expect, it } from 'vitest';
import { numberValue, textValue } from '../api';
import { defaultKeep, keptBody, needsArticle, prefillApplies, prefillClip, prefilledNotes } from './clip-prefill';
import type { PageMetadata } from './metadata';

const metadata: PageMetadata = {
  title: 'Keeping *Bread* Starters Alive',
  url: 'https://example.com/bread',
  canonicalUrl: 'https://example.com/bread',
  author: 'Ada Baker',
  siteName: 'Bread Notes',
  publishedAt: '2026-03-15T08:00:00Z',
  description: 'How to feed a starter.',
  faviconUrl: 'https://example.com/favicon.ico',
  language: 'en',
};
const page = {
  url: 'https://example.com/bread',
  title: 'Keeping *Bread* Starters Alive',
  metadata,
  selection: { markdown: 'Feed it **twice** a day.', text: 'Feed it twice a day.' },
};
const empty = { fieldMappings: [], notesTemplate: '' };
const now = new Date('2026-11-24T10:00:00Z');

describe('what a new weblink clip starts with', () => {
  it('keeps the article where it was kept on the site last time, else the selection when there is one, else the link', () => {
    expect(defaultKeep('article', false)).toBe('article');
    expect(defaultKeep('link', true)).toBe('selection');
    expect(defaultKeep('link', false)).toBe('link');
    expect(defaultKeep('article', true)).toBe('article');
    expect(defaultKeep('selection', false)).toBe('link');
    expect(defaultKeep(undefined, true)).toBe('selection');
    expect(defaultKeep(undefined, false)).toBe('link');
  });

  it('notes: the template, rendered with the page (its values escaped), else the kept selection as a quote', () => {
    const template = { fieldMappings: [], notesTemplate: 'From {{site}}: {{title}}\n\n{{selection}}' };
    expect(prefilledNotes(template, page, 'link', now)).toBe(
      'From Bread Notes: Keeping \\*Bread\\* Starters Alive\n\nFeed it **twice** a day.',
    );
    expect(prefilledNotes(empty, page, 'selection', now)).toMatch(/^> Feed it \*\*twice\*\* a day\./);
    expect(prefilledNotes(empty, page, 'article', now)).toMatch(/^> Feed it \*\*twice\*\* a day\./);
    expect(prefilledNotes(empty, page, 'link', now)).toBe('');
  });

  it('properties: what the space maps from the page, nothing for a page that could not be read', () => {
    const template = { fieldMappings: [{ propertyId: 'by', source: 'author' as const }], notesTemplate: '' };
    const definitions = [{ id: 'by', type: 'text', writable: true }];
    const request = { template, definitions, keep: 'link' as const, now: now.getTime() };
    expect(prefillClip({ ...request, page }, null).properties).toEqual({ by: textValue('Ada Baker') });
    expect(prefillClip({ ...request, page: { ...page, metadata: null } }, null).properties).toEqual({});
  });

  it('the body: the notes, then the kept article under its source line and capture time', () => {
    const article = { markdown: '# Starters\n\nFlour and water.', words: 4, findings: {} as never };
    const body = keptBody('My note.', 'article', article, page, now);
    expect(body).toMatch(
      /^My note\.\n\n— \[Keeping \\\*Bread\\\* Starters Alive\]\(https:\/\/example\.com\/bread\) · 2026-11-24 /,
    );
    expect(body).toMatch(/\n\n# Starters\n\nFlour and water\.$/);
    expect(keptBody('My note.', 'link', article, page, now)).toBe('My note.');
  });
});

describe('a quick clip prefilled where the page is read', () => {
  const template = {
    fieldMappings: [
      { propertyId: 'by', source: 'author' as const },
      { propertyId: 'words', source: 'wordCount' as const },
    ],
    notesTemplate: 'Read on {{site}}',
  };
  const definitions = [
    { id: 'by', type: 'text', writable: true },
    { id: 'words', type: 'number', writable: true },
  ];
  const article = { markdown: '# Starters\n\nFlour and water.', words: 4, findings: {} as never };

  it('needs the article only when it is kept or a mapping reads its word count', () => {
    expect(needsArticle(empty, 'article')).toBe(true);
    expect(needsArticle(template, 'link')).toBe(true);
    expect(needsArticle({ ...template, fieldMappings: template.fieldMappings.slice(0, 1) }, 'link')).toBe(false);
    expect(prefillApplies(empty, 'link')).toBe(false);
    expect(prefillApplies(empty, 'selection')).toBe(false);
    expect(prefillApplies({ ...empty, notesTemplate: '{{url}}' }, 'link')).toBe(true);
  });

  it('gives the mapped properties and the body: the rendered notes, then the kept article', () => {
    const request = { template, definitions, keep: 'article' as const, page, now: now.getTime() };
    const prefill = prefillClip(request, article);
    expect(prefill.properties).toEqual({ by: textValue('Ada Baker'), words: numberValue(4) });
    expect(prefill.notes).toMatch(/^Read on Bread Notes\n\n— \[Keeping/);
    expect(prefill.notes).toMatch(/Flour and water\.$/);
    // Without the article (not found, or too large), the body is the notes alone.
    expect(prefillClip(request, null)).toEqual({
      properties: { by: textValue('Ada Baker') },
      notes: 'Read on Bread Notes',
    });
  });
});
