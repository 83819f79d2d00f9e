import { tagVocabularyItem } from '../capture/tag-vocabulary-item';
import { objectTitlesItem, popupDraftsItem, popupQueryCacheItem, structuresItem } from '../storage';
import type { StorageItem } from '../storage-item';

/**
 * Forgets what this device keeps of a disconnected space's content: the tag names the suggestions
 * are chosen among, the space's structures and the object titles met in searches, the popup's
 * unsaved drafts for it, and the popup's query cache (which holds its collections, tags and saved
 * pages; the next popup reads them afresh). What the person chose for the space stays (pinned
 * tags, the clip template, the Keep choice, capture rules): connecting it again finds them.
 */
export async function forgetSpaceContent(spaceId: string): Promise<void> {
  await Promise.all([
    withoutKey(tagVocabularyItem, spaceId),
    withoutKey(structuresItem, spaceId),
    withoutKey(objectTitlesItem, spaceId),
    withoutSpaceDrafts(spaceId),
    popupQueryCacheItem.removeValue(),
  ]);
}

async function withoutKey<T>(item: StorageItem<Record<string, T>>, key: string): Promise<void> {
  const all = await item.getValue();
  if (!Object.hasOwn(all, key)) return;
  const { [key]: _forgotten, ...rest } = all;
  await item.setValue(rest);
}

/** The drafts are kept per tab, then per space. */
async function withoutSpaceDrafts(spaceId: string): Promise<void> {
  const byTab = await popupDraftsItem.getValue();
  let changed = false;
  const kept: typeof byTab = {};
  for (const [tab, bySpace] of Object.entries(byTab)) {
    const { [spaceId]: forgotten, ...others } = bySpace;
    changed ||= forgotten !== undefined;
    if (Object.keys(others).length > 0) kept[tab] = others;
  }
  if (changed) await popupDraftsItem.setValue(kept);
}
