import type { EmulatorState } from './emulator-state.ts';
import { invalidInput, invalidRequest, notFound } from './errors.ts';
import { optionalStringArray, requireRecord } from './input.ts';
import { type Page, paginate, parsePageSize } from './pagination.ts';
import { titleOf } from './property-values.ts';
import { STRUCTURE } from './structures.ts';
import type { ObjectRecord } from './types.ts';

/** GET /objects/structure|tag|collection and POST /objects/search. */

export interface ObjectSummary {
  id: string;
  structureId: string;
  title: string;
}

export type ListingKind = 'structure' | 'tag' | 'collection';

function summary(obj: ObjectRecord): ObjectSummary {
  return { id: obj.id, structureId: obj.structureId, title: titleOf(obj) };
}

function hasTag(obj: ObjectRecord, tagId: string): boolean {
  const tags = obj.properties.tags;
  return tags?.type === 'entity' && tags.entity.some((link) => link.id === tagId);
}

export function listObjects(
  store: EmulatorState,
  spaceId: string,
  kind: ListingKind,
  id: string | undefined,
  pageSizeRaw: string | undefined,
  cursor: string | undefined,
): Page<ObjectSummary> {
  if (!id) throw invalidRequest('Query parameter "id" is required');
  const pageSize = parsePageSize(pageSizeRaw);
  let filter: (obj: ObjectRecord) => boolean;
  if (kind === 'structure') {
    if (!store.structure(spaceId, id)) throw notFound(`No structure with id ${id} in this space`);
    filter = (obj) => obj.structureId === id;
  } else {
    const target = store.requireObject(spaceId, id);
    if (kind === 'tag') {
      if (target.structureId !== STRUCTURE.tag)
        throw invalidInput(`Object ${id} is a ${target.structureId}, not a tag`);
      filter = (obj) => hasTag(obj, id);
    } else {
      if (target.structureId !== STRUCTURE.collection) {
        throw invalidInput(`Object ${id} is a ${target.structureId}, not a collection`);
      }
      filter = (obj) => obj.collections.includes(id);
    }
  }
  const page = paginate(store.liveObjects(spaceId).filter(filter), `${kind}:${id}`, pageSize, cursor);
  return { results: page.results.map(summary), nextCursor: page.nextCursor, hasMore: page.hasMore };
}

// ---------------------------------------------------------------------------------------------
// Search

export const SEARCH_LIMIT = 50;

function normalise(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en-US');
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Relevance class of a title for a query (lower is better): 0 exact, 1 prefix, 2 a word starts
 * with the query, 3 substring; null when the title does not contain the query.
 */
export function rankTitle(title: string, query: string): number | null {
  const t = normalise(title);
  const q = normalise(query);
  if (t === q) return 0;
  if (t.startsWith(q)) return 1;
  let index = t.indexOf(q);
  if (index < 0) return null;
  while (index >= 0) {
    if (!WORD_CHAR.test(t.charAt(index - 1))) return 2;
    index = t.indexOf(q, index + 1);
  }
  return 3;
}

export function searchObjects(store: EmulatorState, spaceId: string, body: unknown): { results: ObjectSummary[] } {
  const input = requireRecord(body, 'The request body');
  if (typeof input.query !== 'string') throw invalidRequest('"query" is required and must be a string');
  return searchTitles(store, spaceId, input.query, optionalStringArray(input, 'structureIds'), SEARCH_LIMIT);
}

/** Title search of both profiles: the best `limit` matches (the spec profile always asks for 50). */
export function searchTitles(
  store: EmulatorState,
  spaceId: string,
  rawQuery: string,
  structureIds: string[] | undefined,
  limit: number,
): { results: ObjectSummary[] } {
  for (const structureId of structureIds ?? []) {
    if (!store.structure(spaceId, structureId)) throw invalidInput(`structureIds: unknown structure "${structureId}"`);
  }
  const candidates = store
    .liveObjects(spaceId)
    .filter((obj) => structureIds === undefined || structureIds.includes(obj.structureId));
  const query = rawQuery.trim();
  if (query === '') {
    const recent = candidates.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : 1));
    return { results: recent.slice(0, limit).map(summary) };
  }
  const ranked: { obj: ObjectRecord; rank: number; title: string }[] = [];
  for (const obj of candidates) {
    const title = titleOf(obj);
    const rank = rankTitle(title, query);
    if (rank !== null) ranked.push({ obj, rank, title });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.title.length - b.title.length ||
      b.obj.createdAt - a.obj.createdAt ||
      (a.obj.id < b.obj.id ? -1 : 1),
  );
  return { results: ranked.slice(0, limit).map((entry) => summary(entry.obj)) };
}
