import { trustedClipSettings, trustedKeepChoices, trustedSpacePreferences } from '@/lib/choices';
import type { KeepChoice } from '@/lib/clips/clip-fields';
import { type ClipPayload, type ClipRequest, kindOf } from '@/lib/clips/registry';
import type { ClipOutcome } from '@/lib/messaging';
import { siteOf } from '@/lib/page-url';
import { EMPTY_SPACE_PREFERENCES } from '@/lib/storage';
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

/** The outbox's form of a clip request, as its kind makes it: Markdown split, today's date and settings filled in. */
export async function toPayload(request: ClipRequest): Promise<ClipPayload> {
  return kindOf(request.kind).toPayload(request, {
    now: new Date(),
    dailyNoteTimestamp: async () => (await trustedClipSettings.getValue()).dailyNoteTimestamp,
  });
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

/** Remembers what a clip the person composed used, so the next popup starts from it. The background alone writes these. */
async function rememberChoices(spaceId: string, clip: ClipPayload): Promise<void> {
  const choices = kindOf(clip.kind).remembered?.(clip);
  if (!choices) return;
  const site = siteOf(choices.url);
  if (choices.keep && site) await rememberKeep(site, choices.keep);
  const all = await trustedSpacePreferences.getValue();
  const current = all[spaceId] ?? EMPTY_SPACE_PREFERENCES;
  const used = choices.tags.flatMap((tag) => (tag.kind === 'existing' ? [{ id: tag.id, title: tag.title }] : []));
  const recentTags = [...used, ...current.recentTags.filter((tag) => !used.some((u) => u.id === tag.id))];
  await trustedSpacePreferences.setValue({
    ...all,
    [spaceId]: {
      ...current,
      lastCollectionId: choices.collectionId,
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
  if (landed && kindOf(landed.kind).history === 'trashed')
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
