import { InvalidInputError } from '../api/errors';
import { trustedKeepChoices, trustedSettings, trustedSpacePreferences } from '../choices';
import { MAX_CLIP_BYTES } from '../clip/clip-limits';
import { dailyNoteDate } from '../clip/daily-note-date';
import { requestParts } from '../clip/request-parts';
import { utf8Length } from '../clip/split-markdown';
import { clipTooLarge } from '../error-text';
import type { ClipOutcome, ClipRequest, KeepChoice } from '../messaging';
import { type ClipPayload, isWeblinkClip } from '../outbox/types';
import { siteOf } from '../page-url';
import { EMPTY_SPACE_PREFERENCES } from '../storage';
import { outbox } from './outbox-service';
import { canRestore } from './saved-pages';

/**
 * Saving a clip, whoever asks (the popup, a context-menu entry, a shortcut): the request becomes
 * the outbox's payload here, and only here.
 */

/** How long `saveClip` waits for the first attempt before answering "queued". */
const FIRST_ATTEMPT_WAIT_MS = 8_000;
const RECENT_TAGS_KEPT = 30;
/** Sites whose Keep is remembered; the one saved longest ago goes first. */
export const KEEP_SITES_KEPT = 500;

/** Markdown in parts within the request limit (lib/clip/request-parts.ts); refused, with the reason, when far too large. */
function parts(markdown: string): string[] {
  const bytes = utf8Length(markdown);
  if (bytes > MAX_CLIP_BYTES) {
    const { detail, params } = clipTooLarge(bytes, MAX_CLIP_BYTES);
    throw new InvalidInputError({ endpoint: 'clip', code: 'clip_too_large', detail: detail ?? '', params });
  }
  return requestParts(markdown);
}

/** The outbox's form of a clip request: Markdown split, today's date and settings filled in. */
export async function toPayload(request: ClipRequest): Promise<ClipPayload> {
  switch (request.kind) {
    case 'page':
    case 'link': {
      const { notes, ...weblink } = request;
      return { ...weblink, title: request.title.trim() || request.url, notes: parts(notes) };
    }
    case 'daily-note': {
      const { markdown, ...note } = request;
      return {
        ...note,
        date: request.date ?? dailyNoteDate(new Date()),
        noTimeStamp: request.noTimeStamp ?? !(await trustedSettings.getValue()).dailyNoteTimestamp,
        parts: parts(markdown),
      };
    }
    case 'append': {
      const { markdown, ...append } = request;
      return { ...append, parts: parts(markdown) };
    }
    case 'update': {
      const { notes, ...update } = request;
      return { ...update, parts: notes.trim() === '' ? [] : parts(notes) };
    }
    case 'trash':
    case 'restore':
      return request;
  }
}

/** The site's Keep, as the most recent one (a record keeps its keys in the order they were added; hosts are never numbers). */
async function rememberKeep(site: string, keep: KeepChoice): Promise<void> {
  const choices = await trustedKeepChoices.getValue();
  delete choices[site];
  choices[site] = keep;
  const sites = Object.keys(choices);
  for (const old of sites.slice(0, sites.length - KEEP_SITES_KEPT)) delete choices[old];
  await trustedKeepChoices.setValue(choices);
}

/** Remembers what a weblink clip used, so the next popup starts from it. The background alone writes these. */
async function rememberChoices(spaceId: string, clip: ClipPayload): Promise<void> {
  if (!isWeblinkClip(clip)) return;
  const site = siteOf(clip.url);
  if (clip.keep && site) await rememberKeep(site, clip.keep);
  const all = await trustedSpacePreferences.getValue();
  const current = all[spaceId] ?? EMPTY_SPACE_PREFERENCES;
  const used = clip.tags.flatMap((tag) => (tag.kind === 'existing' ? [{ id: tag.id, title: tag.title }] : []));
  const recentTags = [...used, ...current.recentTags.filter((tag) => !used.some((u) => u.id === tag.id))];
  await trustedSpacePreferences.setValue({
    ...all,
    [spaceId]: {
      ...current,
      lastCollectionId: clip.collections?.[0] ?? null,
      recentTags: recentTags.slice(0, RECENT_TAGS_KEPT),
    },
  });
}

async function outcomeOf(clipId: string): Promise<ClipOutcome> {
  const waiting = await outbox.get(clipId);
  if (waiting) {
    const state = waiting.state === 'pending' ? 'queued' : waiting.state;
    return { state, clipId, error: waiting.lastError };
  }
  const landed = (await outbox.history()).find((clip) => clip.id === clipId);
  const objectId = landed?.objectId ?? null;
  if (landed?.kind === 'trash')
    return { state: 'landed', clipId, objectId, restorable: await canRestore(landed.spaceId) };
  return { state: 'landed', clipId, objectId };
}

/** Queues a clip, then waits a little for its first attempt so an open popup can say "Saved". */
export async function saveClip(spaceId: string, request: ClipRequest): Promise<ClipOutcome> {
  const payload = await toPayload(request);
  const stored = await outbox.enqueue(spaceId, payload);
  await rememberChoices(spaceId, payload);
  await Promise.race([outbox.drain(), new Promise((resolve) => setTimeout(resolve, FIRST_ATTEMPT_WAIT_MS))]);
  return outcomeOf(stored.id);
}
