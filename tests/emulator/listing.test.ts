import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { listObjects, rankTitle, searchObjects } from './listing.ts';
import { createObject, deleteObject } from './objects.ts';
import { paginate } from './pagination.ts';
import { DEMO, RESEARCH, RESEARCH_TAG_COUNT, researchTagId } from './seed.ts';
import { STRUCTURE } from './structures.ts';
import { seededStore } from './testing.ts';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return 'ok';
}

describe('pagination', () => {
  const items = Array.from({ length: 250 }, (_, index) => ({
    createdAt: Math.floor(index / 3),
    id: `id-${String(index).padStart(3, '0')}`,
  }));

  it('walks every item exactly once', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = paginate(items, 'l', 100, cursor);
      seen.push(...page.results.map((item) => item.id));
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(items.map((item) => item.id));
  });

  it('refuses foreign and malformed cursors', () => {
    const { nextCursor } = paginate(items, 'a', 10, undefined);
    expect(code(() => paginate(items, 'b', 10, nextCursor ?? ''))).toBe('cap_invalid_input');
    expect(code(() => paginate(items, 'a', 10, 'garbage!'))).toBe('cap_invalid_input');
  });
});

describe('listings', () => {
  it('pages through 2,500 tags without duplicates or gaps, even with inserts and deletes in between', () => {
    const store = seededStore();
    const space = RESEARCH.spaceId;
    const seen = new Set<string>();
    let cursor: string | undefined;
    let round = 0;
    do {
      const page = listObjects(store, space, 'structure', STRUCTURE.tag, '100', cursor);
      expect(page.results.length).toBeLessThanOrEqual(100);
      for (const result of page.results) {
        expect(seen.has(result.id)).toBe(false);
        seen.add(result.id);
      }
      // Churn: delete an unseen tag and create a new one (which sorts last) between pages.
      if (round === 3) deleteObject(store, space, researchTagId(RESEARCH_TAG_COUNT - 1), true);
      if (round === 5)
        createObject(store, space, {
          structureId: STRUCTURE.tag,
          properties: { title: { type: 'title', title: { value: 'New tag' } } },
        });
      cursor = page.nextCursor ?? undefined;
      round++;
    } while (cursor);
    expect(seen.size).toBe(RESEARCH_TAG_COUNT);
  });

  it('validates page size, listing ids and kinds', () => {
    const store = seededStore();
    const space = DEMO.spaceId;
    expect(code(() => listObjects(store, space, 'structure', STRUCTURE.tag, '101', undefined))).toBe(
      'cap_invalid_input',
    );
    expect(code(() => listObjects(store, space, 'structure', STRUCTURE.tag, '0', undefined))).toBe('cap_invalid_input');
    expect(code(() => listObjects(store, space, 'structure', 'Unknown', undefined, undefined))).toBe('cap_not_found');
    expect(code(() => listObjects(store, space, 'tag', DEMO.pages.welcome, undefined, undefined))).toBe(
      'cap_invalid_input',
    );
    expect(code(() => listObjects(store, space, 'collection', DEMO.tags.reading, undefined, undefined))).toBe(
      'cap_invalid_input',
    );
    expect(code(() => listObjects(store, space, 'tag', undefined, undefined, undefined))).toBe('cap_invalid_request');
  });

  it('lists by tag and by collection, without trashed objects', () => {
    const store = seededStore();
    const space = DEMO.spaceId;
    const byTag = listObjects(store, space, 'tag', DEMO.tags.reading, undefined, undefined).results.map((r) => r.id);
    expect(byTag).toEqual(
      expect.arrayContaining([DEMO.pages.readingNotes, DEMO.tasks.readChapter, DEMO.books.pragmatic]),
    );
    deleteObject(store, space, DEMO.tasks.readChapter, false);
    expect(
      listObjects(store, space, 'tag', DEMO.tags.reading, undefined, undefined).results.map((r) => r.id),
    ).not.toContain(DEMO.tasks.readChapter);
    const shelf = listObjects(store, space, 'collection', DEMO.collections.shelf, undefined, undefined).results.map(
      (r) => r.id,
    );
    expect(shelf).toEqual([DEMO.books.pragmatic, DEMO.books.ddia]);
  });
});

describe('search', () => {
  it('ranks exact, prefix, word-prefix, then substring matches', () => {
    expect(rankTitle('Reading', 'reading')).toBe(0);
    expect(rankTitle('Reading list', 'read')).toBe(1);
    expect(rankTitle('Book: reading', 'read')).toBe(2);
    expect(rankTitle('Spreadsheet', 'read')).toBe(3);
    expect(rankTitle('Nothing', 'read')).toBeNull();
  });

  it('orders results by rank, then shorter title, and filters by structure', () => {
    const store = seededStore();
    const { results } = searchObjects(store, DEMO.spaceId, { query: 'Reading' });
    expect(results.slice(0, 3).map((r) => r.title)).toEqual([
      'Reading',
      'Reading list',
      'Reading notes: The Pragmatic Programmer',
    ]);
    const tagsOnly = searchObjects(store, DEMO.spaceId, { query: 'read', structureIds: [STRUCTURE.tag] }).results;
    expect(tagsOnly.every((r) => r.structureId === STRUCTURE.tag)).toBe(true);
    expect(code(() => searchObjects(store, DEMO.spaceId, { query: 'x', structureIds: ['Nope'] }))).toBe(
      'cap_invalid_input',
    );
    expect(code(() => searchObjects(store, DEMO.spaceId, {}))).toBe('cap_invalid_request');
  });

  it('caps results at 50 and answers the most recently updated for an empty query', () => {
    const store = seededStore();
    expect(searchObjects(store, RESEARCH.spaceId, { query: 'ology' }).results).toHaveLength(50);
    const created = createObject(store, DEMO.spaceId, { structureId: STRUCTURE.page });
    expect(searchObjects(store, DEMO.spaceId, { query: '  ' }).results[0]?.id).toBe(created.id);
  });

  it('never finds trashed objects', () => {
    const store = seededStore();
    deleteObject(store, DEMO.spaceId, DEMO.tags.cooking, false);
    expect(searchObjects(store, DEMO.spaceId, { query: 'Cooking' }).results).toEqual([]);
  });
});
