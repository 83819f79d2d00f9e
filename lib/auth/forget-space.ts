import { tagVocabularyItem } from '../capture/tag-vocabulary-item';
import { forgetSpaceDrafts, objectTitlesItem, popupQueryCacheItem, structuresItem } from '../storage';
import { removeKey } from '../storage-item';

/**
 * Forgets what this device keeps of a disconnected space's content: the tag names the suggestions
 * are chosen among, the space's structures and the object titles met in searches, the popup's
 * unsaved drafts for it, and the popup's query cache (which holds its collections, tags and saved
 * pages; the next popup reads them afresh). What the person chose for the space stays (pinned
 * tags, the clip template, the Keep choice, capture rules): connecting it again finds them.
 */
export async function forgetSpaceContent(spaceId: string): Promise<void> {
  await Promise.all([
    removeKey(tagVocabularyItem, spaceId),
    removeKey(structuresItem, spaceId),
    removeKey(objectTitlesItem, spaceId),
    forgetSpaceDrafts(spaceId),
    popupQueryCacheItem.removeValue(),
  ]);
}
