import { apiForSpace } from '@/lib/auth/space-api';
import { trustedClipTemplates, trustedSpacePreferences } from '@/lib/choices';
import { kindOf, type StoredClip } from '@/lib/clips/registry';
import type { OutboxView, QueuedClip } from '@/lib/messaging';
import { forgetRecentObject } from '@/lib/server-memory';
import { EMPTY_SPACE_PREFERENCES, type SpacePreferences } from '@/lib/storage';
import { readArticle } from './article-reader';
import { rememberTitles } from './object-titles';
import { outbox } from './outbox-service';
import { readPage } from './page-reader';
import { asResult, handle } from './router';
import { saveClip } from './save-clip';
import { getSavedObject } from './saved-objects';
import { canRestore, historyView, savedInHistory, savedOnServer } from './saved-pages';
import { weblinkForm } from './weblink-form';

function queuedClip(stored: StoredClip): QueuedClip {
  const { clip } = stored;
  const kind = kindOf(clip.kind);
  return {
    id: stored.id,
    spaceId: stored.spaceId,
    label: kind.texts.label(clip),
    title: kind.title(clip),
    state: stored.state,
    error: stored.lastError,
    tags: (kind.tags?.(clip) ?? []).map((tag) => ({
      key: tag.kind === 'existing' ? tag.id : tag.title,
      title: tag.title,
    })),
    updatedAt: stored.events.at(-1)?.at ?? stored.createdAt,
  };
}

async function outboxView(): Promise<OutboxView> {
  const [clips, history] = await Promise.all([outbox.list(), outbox.history()]);
  const restorable = new Set<string>();
  for (const spaceId of new Set(history.map((entry) => entry.spaceId))) {
    if (await canRestore(spaceId)) restorable.add(spaceId);
  }
  const view = historyView(history, clips, Date.now(), (spaceId) => restorable.has(spaceId));
  return { clips: clips.map(queuedClip), history: view.slice(0, 20) };
}

/** Pins the tag when it is not pinned, unpins it when it is; the background alone writes preferences. */
async function togglePinnedTag(spaceId: string, tag: { id: string; title: string }): Promise<SpacePreferences> {
  const all = await trustedSpacePreferences.getValue();
  const current = all[spaceId] ?? EMPTY_SPACE_PREFERENCES;
  const pinnedTags = current.pinnedTags.some((pinned) => pinned.id === tag.id)
    ? current.pinnedTags.filter((pinned) => pinned.id !== tag.id)
    : [...current.pinnedTags, tag];
  const next = { ...current, pinnedTags };
  await trustedSpacePreferences.setValue({ ...all, [spaceId]: next });
  return next;
}

/** Messages of the popup: reading the page, the form's data, saving, preferences and the outbox. */
export function registerClipHandlers(): void {
  handle('readPage', ({ tabId }) => readPage(tabId));
  handle('getWeblinkForm', ({ spaceId }) => asResult(() => weblinkForm(spaceId)));
  handle('searchTags', ({ spaceId, query }) =>
    asResult(async () => {
      const results = await (await apiForSpace(spaceId)).search({ query, structureIds: ['RootTag'], limit: 20 });
      await rememberTitles(spaceId, results);
      return results.map(({ id, title }) => ({ id, title }));
    }),
  );
  handle('searchObjects', ({ spaceId, query, structureIds }) =>
    asResult(async () => {
      const results = await (await apiForSpace(spaceId)).search({ query, ...(structureIds ? { structureIds } : {}) });
      await rememberTitles(spaceId, results);
      return results;
    }),
  );
  handle('findSavedPage', ({ spaceId, url, title, where }) =>
    asResult(async () => {
      const found = where === 'history' ? await savedInHistory(spaceId, url) : await savedOnServer(spaceId, url, title);
      // A popup opening on a saved page shows it as it is now, not as this worker last wrote it.
      if (found) forgetRecentObject(spaceId, found.id);
      return found;
    }),
  );
  handle('getSavedObject', ({ spaceId, objectId }) => asResult(() => getSavedObject(spaceId, objectId)));
  handle('saveClip', ({ spaceId, clip }) => asResult(() => saveClip(spaceId, clip)));
  handle('togglePinnedTag', ({ spaceId, tag }) => togglePinnedTag(spaceId, tag));
  handle('readArticle', ({ tabId }) => readArticle(tabId));
  handle('saveClipTemplate', async ({ spaceId, template }) => {
    await trustedClipTemplates.setValue({ ...(await trustedClipTemplates.getValue()), [spaceId]: template });
  });
  handle('getOutbox', outboxView);
  handle('retryClip', ({ id }) => outbox.retry(id));
  handle('retryAllClips', () => outbox.retryWaitingNow());
  handle('discardClip', ({ id }) => outbox.discard(id));
  handle('undoDiscardClip', ({ id }) => outbox.undoDiscard(id));
  handle('fixClip', async ({ id, removeTags }) => {
    await outbox.edit(id, { removeTags });
    await outbox.retry(id);
  });
}
