import { InvalidInputError } from '../api/errors';
import { MAX_CLIP_BYTES } from '../clip/clip-limits';
import { dailyNoteDate } from '../clip/daily-note-date';
import { requestParts } from '../clip/request-parts';
import { utf8Length } from '../clip/split-markdown';
import { clipTooLarge } from '../error-text';
import type { ClipOutcome, ClipRequest } from '../messaging';
import { type ClipPayload, isWeblinkClip } from '../outbox/types';
import { siteOf } from '../page-url';
import { EMPTY_SPACE_PREFERENCES, keepChoicesItem, settingsItem, spacePreferencesItem } from '../storage';
import { outbox } from './outbox-service';
import { canRestore } from './saved-pages';

/**
 * Saving a clip, whoever asks (the popup, a context-menu entry, a shortcut): the request becomes
 * the outbox's payload here, and only here.
 */

/** How long `saveClip` waits for the first attempt before answering "queued". */
const FIRST_ATTEMPT_WAIT_MS = 8_000;
const RECENT_TAGS_KEPT = 30;

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
        noTimeStamp: request.noTimeStamp ?? !(await settingsItem.getValue()).dailyNoteTimestamp,
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

/** Remembers what a weblink clip used, so the next popup starts from it. The background alone writes these. */
async function rememberChoices(spaceId: string, clip: ClipPayload): Promise<void> {
  if (!isWeblinkClip(clip)) return;
  const site = siteOf(clip.url);
  if (clip.keep && site) await keepChoicesItem.setValue({ ...(await keepChoicesItem.getValue()), [site]: clip.keep });
  const all = await spacePreferencesItem.getValue();
  const current = all[spaceId] ?? EMPTY_SPACE_PREFERENCES;
  const used = clip.tags.flatMap((tag) => (tag.kind === 'existing' ? [{ id: tag.id, title: tag.title }] : []));
  const recentTags = [...used, ...current.recentTags.filter((tag) => !used.some((u) => u.id === tag.id))];
  await spacePreferencesItem.setValue({
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
