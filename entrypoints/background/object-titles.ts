import { isApiError, readTitle, type WorkspaceApi } from '@/lib/api';
import { recentObject } from '@/lib/server-memory';
import { objectTitlesItem } from '@/lib/storage';

/**
 * Titles of objects the edit view links to (tags, related objects): an object reads back with
 * only the ids of what it links to. Titles met in search results are kept for the browser
 * session; one just created (a tag the save made) is known from its answer; one not met yet is
 * read with GET /object (a few at most per view).
 */

/** Titles read at once for a view; more links than this show without a title rather than costing requests. */
const MAX_LOOKUPS = 20;

/** Keeps the titles of objects seen in results (search answers), for later views. */
export async function rememberTitles(spaceId: string, objects: { id: string; title: string }[]): Promise<void> {
  if (objects.length === 0) return;
  const all = await objectTitlesItem.getValue();
  const space = { ...all[spaceId] };
  for (const { id, title } of objects) space[id] = title;
  await objectTitlesItem.setValue({ ...all, [spaceId]: space });
}

/** The titles of these objects, keyed by id; one that is gone (trashed, deleted) is left out. */
export async function titlesOf(api: WorkspaceApi, spaceId: string, ids: string[]): Promise<Record<string, string>> {
  const known = (await objectTitlesItem.getValue())[spaceId] ?? {};
  const titles: Record<string, string> = {};
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const recent = recentObject(spaceId, id);
    if (Object.hasOwn(known, id)) titles[id] = known[id] as string;
    else if (recent) titles[id] = readTitle(recent);
    else missing.push(id);
  }
  const read = await Promise.all(
    missing.slice(0, MAX_LOOKUPS).map(async (id) => {
      try {
        return { id, title: readTitle(await api.getObject(id)) };
      } catch (error) {
        if (isApiError(error) && error.kind === 'not_found') return undefined;
        throw error;
      }
    }),
  );
  const found = read.filter((entry) => entry !== undefined);
  for (const { id, title } of found) titles[id] = title;
  await rememberTitles(spaceId, found);
  return titles;
}
