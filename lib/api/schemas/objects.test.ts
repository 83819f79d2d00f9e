import { describe, expect, it } from 'vitest';
import { OBJECT_ID, wireObject } from '../../../tests/support/api-fixtures';
import { savedObjectSchema, searchResultsSchema, summaryPageSchema, workspaceObjectSchema } from './objects';

describe('workspaceObjectSchema', () => {
  it('reads an object with properties and block trees', () => {
    const object = workspaceObjectSchema.parse(wireObject);
    expect(object.id).toBe(OBJECT_ID);
    expect(object.properties.title).toEqual({ type: 'title', title: { value: 'A page' } });
    expect(object.blocks?.notes?.[0]).toMatchObject({ type: 'TextBlock', id: 'b1' });
  });

  it('reads mediaContent and keeps files opaque', () => {
    const object = workspaceObjectSchema.parse({
      ...wireObject,
      files: { original: 'https://files.example/x' },
      mediaContent: { ocr: { text: 'scanned' }, colors: [{ name: 'red', hex: '#f00' }] },
    });
    expect(object.mediaContent?.ocr?.text).toBe('scanned');
    expect(object.files).toEqual({ original: 'https://files.example/x' });
  });

  it('tolerates unknown top-level fields and unknown property types', () => {
    const object = workspaceObjectSchema.parse({
      ...wireObject,
      iconUrl: 'x',
      properties: { ...wireObject.properties, score: { type: 'formula', formula: 1 } },
    });
    expect(object.properties.score?.type).toBe('unknown');
  });

  it('rejects an object without id, structureId, collections or properties', () => {
    for (const key of ['id', 'structureId', 'collections', 'properties']) {
      const broken: Record<string, unknown> = { ...wireObject };
      delete broken[key];
      expect(workspaceObjectSchema.safeParse(broken).success).toBe(false);
    }
  });
});

describe('savedObjectSchema', () => {
  it('keeps the full object when the server sends it', () => {
    const saved = savedObjectSchema.parse(wireObject);
    expect(saved.id).toBe(OBJECT_ID);
    expect(saved.object?.structureId).toBe('MediaWebResource');
  });

  it('accepts the { id } only variant (README decisions table)', () => {
    expect(savedObjectSchema.parse({ id: OBJECT_ID })).toEqual({ id: OBJECT_ID, object: null });
  });

  it('refuses a body that carries properties but is not a valid object', () => {
    expect(savedObjectSchema.safeParse({ id: OBJECT_ID, properties: { title: {} } }).success).toBe(false);
    expect(savedObjectSchema.safeParse({}).success).toBe(false);
  });
});

describe('summaryPageSchema and searchResultsSchema', () => {
  const summary = { id: OBJECT_ID, structureId: 'RootTag', title: 'ai' };

  it('reads a page with a cursor and the last page', () => {
    expect(summaryPageSchema.parse({ results: [summary], nextCursor: 'abc', hasMore: true })).toEqual({
      results: [summary],
      nextCursor: 'abc',
      hasMore: true,
    });
    expect(summaryPageSchema.parse({ results: [], nextCursor: null, hasMore: false }).nextCursor).toBeNull();
  });

  it('reads a missing nextCursor as null', () => {
    expect(summaryPageSchema.parse({ results: [], hasMore: false }).nextCursor).toBeNull();
  });

  it('rejects pages without results or hasMore, and summaries without a title', () => {
    expect(summaryPageSchema.safeParse({ nextCursor: null, hasMore: false }).success).toBe(false);
    expect(summaryPageSchema.safeParse({ results: [], nextCursor: null }).success).toBe(false);
    expect(searchResultsSchema.safeParse({ results: [{ id: 'x', structureId: 'RootTag' }] }).success).toBe(false);
  });

  it('reads search results', () => {
    expect(searchResultsSchema.parse({ results: [summary] }).results).toEqual([summary]);
  });
});
