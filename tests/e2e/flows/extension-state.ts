import type { Driver } from '../driver/driver';
import { expect } from '../expect';

/** What the extension keeps, read from inside it as only a test can. */

export type StoredSecret = { accessToken?: string; refreshToken?: string | null; token?: string };

/** The tokens the background stored for a connected space, found by its title (only a test can read them). */
export async function storedSecret(driver: Driver, spaceTitle: string): Promise<StoredSecret | undefined> {
  const spaceId = await driver.inExtension(async (title) => {
    const connections = ((await chrome.storage.local.get('connections')).connections ?? []) as {
      spaceId: string;
      spaceTitle: string;
    }[];
    return connections.find((connection) => connection.spaceTitle === title)?.spaceId;
  }, spaceTitle);
  return spaceId ? secretOfSpace(driver, spaceId) : undefined;
}

/** The tokens the background holds for a space, listed or not, read from the extension's IndexedDB. */
export function secretOfSpace(driver: Driver, spaceId: string): Promise<StoredSecret | undefined> {
  return driver.inExtension(async (id) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('space-clipper');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      return await new Promise<StoredSecret | undefined>((resolve, reject) => {
        const request = database.transaction('secrets').objectStore('secrets').index('bySpace').get(id);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      database.close();
    }
  }, spaceId);
}

/** The clips waiting in the outbox, as the popup lists them. */
export async function waitingClips(driver: Driver) {
  return (await driver.sendToBackground('getOutbox')).clips;
}

/** Polls (which also wakes a sleeping background) until no clip waits in the outbox. */
export async function waitForEmptyOutbox(driver: Driver, timeoutMs: number): Promise<void> {
  await expect.poll(async () => (await waitingClips(driver)).length, { timeout: timeoutMs, intervals: [500] }).toBe(0);
}

/** The text of the toolbar button's badge. */
export function badgeText(driver: Driver): Promise<string> {
  return driver.inExtension(() => chrome.action.getBadgeText({}), undefined);
}

/** The names of a space's tags the popup keeps to suggest among (its `tagVocabulary`, entrypoints/popup/capture/tag-vocabulary.ts). */
export function tagVocabularyTitles(driver: Driver, spaceId: string): Promise<string[]> {
  return driver.inExtension(async (id) => {
    const { tagVocabulary } = await chrome.storage.local.get('tagVocabulary');
    return ((tagVocabulary as Record<string, { title: string }[]> | undefined)?.[id] ?? []).map(({ title }) => title);
  }, spaceId);
}

/** The popup's stored query cache (lib/storage.ts, `popupQueryCache`), undefined when there is none. */
export function popupQueryCache(driver: Driver): Promise<string | undefined> {
  return driver.inExtension(
    async () => (await chrome.storage.local.get('popupQueryCache')).popupQueryCache as string | undefined,
    undefined,
  );
}
