import { type Structure, type WorkspaceApi, weblinkUrlPropertyId } from '@/lib/api';
import { apiForSpace } from '@/lib/auth/space-api';
import { structuresItem } from '@/lib/storage';

/**
 * A space's structures, fetched at most once in a while ("fetch once per session and cache", the
 * spec says; `GET /space/structures` allows 10 requests a minute in the published reference). Kept
 * in session storage so a restarted worker does not ask again, and refreshed when older than
 * `MAX_AGE_MS` or when asked to (the popup's form refresh).
 */
const MAX_AGE_MS = 10 * 60_000;

const pending = new Map<string, Promise<Structure[]>>();

export async function structuresFor(
  spaceId: string,
  options: { api?: WorkspaceApi; fresh?: boolean } = {},
): Promise<Structure[]> {
  if (!options.fresh) {
    const cached = (await structuresItem.getValue())[spaceId];
    if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.structures;
  }
  let fetching = pending.get(spaceId);
  if (!fetching) {
    fetching = (async () => {
      const structures = await (options.api ?? (await apiForSpace(spaceId))).getStructures();
      const all = await structuresItem.getValue();
      await structuresItem.setValue({ ...all, [spaceId]: { at: Date.now(), structures } });
      return structures;
    })();
    pending.set(spaceId, fetching);
    void fetching.finally(() => pending.delete(spaceId)).catch(() => undefined);
  }
  return fetching;
}

/**
 * The weblink type's URL property in the space, found by type (undefined when it cannot be known
 * now). `cachedOnly`: from the structures already read, never a request of its own.
 */
export async function weblinkUrlProperty(spaceId: string, cachedOnly = false): Promise<string | undefined> {
  try {
    if (!cachedOnly) return weblinkUrlPropertyId(await structuresFor(spaceId));
    const cached = (await structuresItem.getValue())[spaceId];
    return cached ? weblinkUrlPropertyId(cached.structures) : undefined;
  } catch {
    return undefined;
  }
}
