import { isApiError, readCreatedAt, readDate, readUrl, type WorkspaceApi, type WorkspaceObject } from '../api';
import { samePage } from '../page-url';
import { titleKey } from './stored-clip';
import { weblinkTitle } from './weblink-title';

/**
 * Finding out whether a request whose answer was lost did land, before it is sent again: the
 * lookups the step blocks (lib/clips/steps/) share. The rules and their limits are in
 * lib/outbox/README.md ("Reconciliation"); in short:
 * - a tag is found by exact title (case-insensitive) among the space's tags;
 * - a weblink is found by title search and confirmed by its URL property (found by type in the
 *   weblink type's definitions: its id differs between servers); weblinks that existed
 *   before the clip, that are the result of another clip, or that were created long before the
 *   lost request are never taken;
 * - an append is found by looking for its text in the target's Markdown; a daily note first by
 *   title search for its date, confirmed by its `date` property.
 */

/**
 * Daily-note appends are applied after the 204, so a lost one is looked for this long after the
 * answer was lost at the earliest (the service gives no figure; the emulator takes 50 ms).
 */
export const DAILY_NOTE_SETTLE_MS = 3_000;
/**
 * Any lost request is looked for no sooner than this after it started: a request that had left a
 * worker when the worker was stopped can still be on its way to the service (seen in the e2e
 * fault suite: looked for a few milliseconds too early, not found, sent again, landed twice).
 */
export const LOST_REQUEST_SETTLE_MS = 2_000;
/** Weblinks created this long before the lost request are not its result (clock skew allowance). */
const CREATED_AT_SKEW_MS = 10 * 60_000;
/** Search results opened to confirm a weblink or a daily note: each costs a GET. */
const MAX_CANDIDATES = 10;

export function sameTitle(a: string, b: string): boolean {
  return titleKey(a) === titleKey(b);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The service decodes character references on import (README, Markdown), so the part must too. */
function decodeCharacterReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * What survives any Markdown round trip through the service: letters, digits and emoji, in order.
 * Markers, escapes, link destinations and titles may all come back differently (a link whose text
 * is its URL comes back as the bare URL, a list starting at 3 is renumbered from 1), so they are
 * left out.
 */
export function textFingerprint(markdown: string): string {
  return decodeCharacterReferences(markdown)
    .normalize('NFC')
    .replace(/^[ \t]*(?:>[ \t]*)*\d{1,9}[.)][ \t]/gm, '')
    .replace(/\]\([^)\s]*(?:\s+"[^"]*")?\)/g, ']')
    .replace(/[^\p{L}\p{N}\p{Extended_Pictographic}]+/gu, '');
}

/** A lookup of one candidate must not fail the clip because the candidate went to the trash meanwhile. */
export async function unlessGone<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found') return undefined;
    throw error;
  }
}

export async function findTag(api: WorkspaceApi, title: string): Promise<string | undefined> {
  const results = await api.search({ query: title.trim(), structureIds: ['RootTag'] });
  return results.find((result) => result.structureId === 'RootTag' && sameTitle(result.title, title))?.id;
}

/**
 * Whether the weblink's URL is `url`. With the URL property's id (found by type in the weblink
 * type's definitions), that property is read; without it, any URL-typed value of the object counts.
 */
export function weblinkHasUrl(
  object: Pick<WorkspaceObject, 'properties'>,
  url: string,
  urlPropertyId?: string,
): boolean {
  const candidates =
    urlPropertyId === undefined
      ? Object.keys(object.properties).map((id) => readUrl(object, id))
      : [readUrl(object, urlPropertyId)];
  return candidates.some((candidate) => candidate !== undefined && samePage(candidate, url));
}

/** What rules candidates out; either may be a promise, which is then awaited alongside the search. */
export interface WeblinkSearch {
  /** When the lost request started; weblinks created well before it are not its result (0: any age). */
  startedAt: number;
  /** Objects that are the result of other clips: a second clip of the same page is its own weblink. */
  otherResults: ReadonlySet<string> | Promise<ReadonlySet<string>>;
  /** The weblink type's URL property, when known. */
  urlPropertyId: string | undefined | Promise<string | undefined>;
  /** Search results opened to confirm one (each a GET); default MAX_CANDIDATES. */
  maxCandidates?: number;
}

export async function findWeblink(
  api: WorkspaceApi,
  clip: { url: string; title: string; existingObjectIds: readonly string[]; structureId?: string },
  search: WeblinkSearch,
): Promise<WorkspaceObject | undefined> {
  const title = weblinkTitle(clip);
  const [results, otherResults, urlPropertyId] = await Promise.all([
    // A typed object saved from a page (lib/clips/object.ts) is found the same way, among its type.
    api.search({ query: title, structureIds: [clip.structureId ?? 'MediaWebResource'] }),
    search.otherResults,
    search.urlPropertyId,
  ]);
  const { startedAt } = search;
  const candidates = results
    .filter(
      (result) =>
        sameTitle(result.title, title) && !clip.existingObjectIds.includes(result.id) && !otherResults.has(result.id),
    )
    .slice(0, search.maxCandidates ?? MAX_CANDIDATES);
  for (const candidate of candidates) {
    const object = await unlessGone(api.getObject(candidate.id));
    if (object === undefined || !weblinkHasUrl(object, clip.url, urlPropertyId)) continue;
    const createdAt = readCreatedAt(object);
    if (createdAt !== undefined && Date.parse(createdAt) < startedAt - CREATED_AT_SKEW_MS) continue;
    return object;
  }
  return undefined;
}

export async function findDailyNote(api: WorkspaceApi, date: string): Promise<string | undefined> {
  const results = await api.search({ query: date.slice(0, 10), structureIds: ['RootDailyNote'] });
  for (const result of results.slice(0, MAX_CANDIDATES)) {
    const object = await unlessGone(api.getObject(result.id));
    if (object !== undefined && readDate(object, 'date')?.start === date) return object.id;
  }
  return undefined;
}

/**
 * Whether the target's Markdown holds the part. A part with nothing to recognise it by (only
 * punctuation, a rule) cannot be confirmed and counts as not landed: a repeated divider is a
 * smaller harm than a lost clip.
 */
export async function markdownContains(api: WorkspaceApi, objectId: string, part: string): Promise<boolean> {
  const wanted = textFingerprint(part);
  if (wanted === '') return false;
  return textFingerprint(await api.getObjectMarkdown(objectId)).includes(wanted);
}
