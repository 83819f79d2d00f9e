import type { ObjectSummary } from '../api';
import { apiForSpace } from '../auth/space-api';
import type { FoundObject } from '../messaging';
import { findWeblink } from '../outbox/reconcile';
import { samePage } from '../page-url';
import { outbox } from './outbox-service';
import { weblinkUrlProperty } from './space-structures';

/**
 * A weblink of this address already in the space: one this extension saved (its history knows),
 * else one found by title search and confirmed by its URL property (found by type).
 */
export async function findSavedPage(spaceId: string, url: string, title: string): Promise<FoundObject | null> {
  const saved = (await outbox.history()).find(
    (clip) =>
      clip.spaceId === spaceId && (clip.kind === 'page' || clip.kind === 'link') && samePage(clip.sourceUrl, url),
  );
  if (saved?.objectId) return { id: saved.objectId, title: saved.title, structureId: 'MediaWebResource' };
  // The outbox's own lookup, with nothing excluded and no age limit.
  const found = await findWeblink(
    await apiForSpace(spaceId),
    { url, title, existingObjectIds: [] },
    { startedAt: 0, otherResults: new Set(), urlPropertyId: await weblinkUrlProperty(spaceId) },
  );
  return found === undefined ? null : ({ id: found.id, title, structureId: found.structureId } satisfies ObjectSummary);
}
