import { describe, expect, it } from 'vitest';
import type { PageMetadata } from '@/lib/clip/metadata';
import { toProperties } from '@/lib/fields/field-payload';
import type { ClipTemplate } from '@/lib/messaging';
import { definitions } from '@/tests/support/field-definitions';
import { type ClipDraft, changesSince, type DraftBaseline, newClipBaseline } from './use-clip-draft';

const metadata = {
  title: 'Keeping Bread Starters Alive',
  url: 'https://example.com/bread',
  author: 'Ada Baker',
  publishedAt: '2026-03-14T08:30:00.000Z',
  siteName: 'Bread Notes',
  description: 'Feeding a starter.',
  language: 'en',
  canonicalUrl: 'https://example.com/bread',
} as PageMetadata;

const template: ClipTemplate = {
  fieldMappings: [
    { propertyId: 'summary', source: 'description' },
    { propertyId: 'due', source: 'published' },
    { propertyId: 'priority', source: 'fixed', value: { type: 'label', optionId: 'high' } },
  ],
  notesTemplate: '',
};

const sources = {
  page: {
    url: 'https://example.com/bread',
    title: 'Keeping Bread Starters Alive',
    metadata,
    selection: { markdown: 'Feed it **twice** a day.', text: 'Feed it twice a day.' },
  },
  preferences: {
    lastCollectionId: 'c1',
    pinnedTags: [{ id: 't1', title: 'Reading' }],
    recentTags: [],
  },
  collections: [{ id: 'c1' }],
  definitions,
  template,
  kept: { keep: 'selection' as const, article: null },
  now: new Date('2026-11-24T10:00:00Z'),
};

describe('a new clip starts from', () => {
  it('the pinned tags, the last collection, the fields the template fills and the kept selection', () => {
    expect(newClipBaseline(sources)).toEqual({
      title: 'Keeping Bread Starters Alive',
      tags: [{ kind: 'existing', id: 't1', title: 'Reading' }],
      collection: 'c1',
      values: {
        summary: { type: 'text', text: 'Feeding a starter.' },
        due: { type: 'date', value: '2026-03-14' },
        priority: { type: 'label', ids: ['high'] },
      },
      notes: expect.stringMatching(/^> Feed it \*\*twice\*\* a day\./),
    });
  });

  it('a date and time from the page as the instant it names, which a save sends as it is', () => {
    const published = '2015-02-24T19:56:33.374Z';
    const baseline = newClipBaseline({
      ...sources,
      page: { ...sources.page, metadata: { ...metadata, publishedAt: published } },
      template: { fieldMappings: [{ propertyId: 'remind', source: 'published' }], notesTemplate: '' },
    });
    expect(baseline.values).toEqual({ remind: { type: 'date', value: published } });
    expect(toProperties(definitions, baseline.values)).toEqual({
      remind: { type: 'date', date: { dateResolution: 'time', start: published } },
    });
  });

  it('no collection that is gone, and no quote when only the link is kept', () => {
    const baseline = newClipBaseline({ ...sources, collections: [], kept: { keep: 'link', article: null } });
    expect(baseline.collection).toBeNull();
    expect(baseline.notes).toBe('');
  });
});

describe('an update sends', () => {
  const before: DraftBaseline = {
    title: 'Old',
    tags: [{ kind: 'existing', id: 't1', title: 'Reading' }],
    collection: 'c1',
    values: { rating: { type: 'number', raw: '3' } },
    notes: '',
  };
  const draft = (fields: Partial<ClipDraft>) => ({ ...before, ...fields }) as ClipDraft;

  it('nothing when nothing changed', () => {
    expect(changesSince(before, draft({}), definitions)).toEqual({});
  });

  it('only the keys that changed: a new tag, a cleared collection, a changed number', () => {
    const change = changesSince(
      before,
      draft({
        tags: [...before.tags, { kind: 'new', title: 'Later' }],
        collection: null,
        values: { rating: { type: 'number', raw: '4' } },
      }),
      definitions,
    );
    expect(change).toEqual({
      tags: [
        { kind: 'existing', id: 't1', title: 'Reading' },
        { kind: 'new', title: 'Later' },
      ],
      collections: [],
      properties: { rating: { type: 'number', number: { value: 4 } } },
    });
  });
});
