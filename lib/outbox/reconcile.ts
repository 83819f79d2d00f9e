import { readCreatedAt, readDate, readUrl, type WorkspaceApi } from '../api';
import type { StoredClip } from './types';

/**
 * Finding out whether a request whose answer was lost did land, before it is sent again.
 *
 * The rules (and their limits, also in README "Never lose a clip"):
 * - A tag is found by exact (case-insensitive) title among the space's tags. Creating a tag always
 *   looks first, so a tag that landed is reused instead of duplicated.
 * - A weblink is found by title search among weblinks and confirmed by its `url` property; a
 *   weblink that existed before the clip was made (the popup's "already saved" check) is never
 *   taken, nor one created before the lost request started (when the server reports `createdAt`).
 * - An append is found by looking for its text in the target's Markdown. Text is compared by its
 *   letters and digits only, because the service may write Markdown back with different markers
 *   or escapes. Limit: if the same text was already in that target before, the lost append is
 *   taken as landed.
 * - A daily note is found by title search for its date (`YYYY-MM-DD`) and confirmed by its `date`
 *   property. Daily-note appends are applied asynchronously after the 204, so the lookup waits
 *   `DAILY_NOTE_SETTLE_MS` after the lost request started.
 */

export const DAILY_NOTE_SETTLE_MS = 3_000;
/** Weblinks created this long before the lost request are not its result (clock skew allowance). */
const CREATED_AT_SKEW_MS = 10 * 60_000;
const MAX_CANDIDATES = 10;

export function sameTitle(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/** The letters and digits of a text, in order: what survives any Markdown round trip. */
export function textFingerprint(markdown: string): string {
  return markdown.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '');
}

export async function findTag(api: WorkspaceApi, title: string): Promise<string | undefined> {
  const results = await api.search({ query: title.trim(), structureIds: ['RootTag'] });
  return results.find((result) => result.structureId === 'RootTag' && sameTitle(result.title, title))?.id;
}

function sameUrl(a: string, b: string): boolean {
  const normalise = (url: string) => {
    try {
      const parsed = new URL(url);
      parsed.hash = '';
      return parsed.href.replace(/\/$/, '');
    } catch {
      return url;
    }
  };
  return normalise(a) === normalise(b);
}

export async function findWeblink(
  api: WorkspaceApi,
  clip: { url: string; title: string; existingObjectIds: string[] },
  startedAt: number,
): Promise<string | undefined> {
  const results = await api.search({ query: clip.title, structureIds: ['MediaWebResource'] });
  const candidates = results
    .filter((result) => sameTitle(result.title, clip.title) && !clip.existingObjectIds.includes(result.id))
    .slice(0, MAX_CANDIDATES);
  for (const candidate of candidates) {
    const object = await api.getObject(candidate.id);
    const url = readUrl(object, 'url');
    if (url === undefined || !sameUrl(url, clip.url)) continue;
    const createdAt = readCreatedAt(object);
    if (createdAt !== undefined && Date.parse(createdAt) < startedAt - CREATED_AT_SKEW_MS) continue;
    return object.id;
  }
  return undefined;
}

export async function findDailyNote(api: WorkspaceApi, date: string): Promise<string | undefined> {
  const results = await api.search({ query: date.slice(0, 10), structureIds: ['RootDailyNote'] });
  for (const result of results.slice(0, MAX_CANDIDATES)) {
    const object = await api.getObject(result.id);
    if (readDate(object, 'date')?.start === date) return object.id;
  }
  return undefined;
}

export async function markdownContains(api: WorkspaceApi, objectId: string, part: string): Promise<boolean> {
  const body = await api.getObjectMarkdown(objectId);
  return textFingerprint(body).includes(textFingerprint(part));
}

/** The object an append part of this clip goes to, when it can be known. */
export async function appendTarget(api: WorkspaceApi, stored: StoredClip): Promise<string | undefined> {
  const { clip } = stored;
  if (clip.kind === 'append') return clip.objectId;
  if (clip.kind === 'daily-note') return findDailyNote(api, clip.date);
  return stored.progress.objectId ?? undefined;
}
