import { invalidInput } from './errors.ts';

/**
 * Cursor pagination over creation-ordered lists. A cursor names the last item returned (its
 * creation time and id) and the listing it came from, so pages never repeat or skip items even
 * when objects are created or deleted between requests.
 */

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 100;

export interface Page<T> {
  results: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

interface Positioned {
  createdAt: number;
  id: string;
}

export function parsePageSize(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  const size = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw invalidInput(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}; got ${JSON.stringify(raw)}`);
  }
  return size;
}

function encodeCursor(listing: string, item: Positioned): string {
  return Buffer.from(JSON.stringify({ l: listing, t: item.createdAt, i: item.id })).toString('base64url');
}

function decodeCursor(listing: string, cursor: string): Positioned {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidInput('cursor is not a cursor returned by this listing');
  }
  const { l, t, i } = (parsed ?? {}) as { l?: unknown; t?: unknown; i?: unknown };
  if (typeof l !== 'string' || typeof t !== 'number' || typeof i !== 'string') {
    throw invalidInput('cursor is not a cursor returned by this listing');
  }
  if (l !== listing) throw invalidInput('cursor belongs to another listing; start again without a cursor');
  return { createdAt: t, id: i };
}

function after(item: Positioned, position: Positioned): boolean {
  return item.createdAt > position.createdAt || (item.createdAt === position.createdAt && item.id > position.id);
}

/** One page of `items`, which must already be sorted by (createdAt, id). */
export function paginate<T extends Positioned>(
  items: T[],
  listing: string,
  pageSize: number,
  cursor: string | undefined,
): Page<T> {
  const position = cursor === undefined || cursor === '' ? undefined : decodeCursor(listing, cursor);
  const remaining = position ? items.filter((item) => after(item, position)) : items;
  const results = remaining.slice(0, pageSize);
  const hasMore = remaining.length > pageSize;
  const last = results[results.length - 1];
  return { results, nextCursor: hasMore && last ? encodeCursor(listing, last) : null, hasMore };
}
