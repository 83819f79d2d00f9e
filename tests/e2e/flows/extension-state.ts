import type { Driver } from '../driver/driver';
import { expect } from '../expect';

/** What the extension keeps, read from inside it as only a test can. */

export type StoredSecret = { accessToken?: string; refreshToken?: string | null; token?: string };

/** The tokens the background stored for a space, read from the extension's IndexedDB (only a test can). */
export function storedSecret(driver: Driver, spaceTitle: string): Promise<StoredSecret | undefined> {
  return driver.inExtension(async (title) => {
    const connections = ((await chrome.storage.local.get('connections')).connections ?? []) as {
      spaceId: string;
      spaceTitle: string;
    }[];
    const spaceId = connections.find((connection) => connection.spaceTitle === title)?.spaceId;
    if (!spaceId) return undefined;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('space-clipper');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      return await new Promise<StoredSecret | undefined>((resolve, reject) => {
        const request = database.transaction('secrets').objectStore('secrets').index('bySpace').get(spaceId);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      database.close();
    }
  }, spaceTitle);
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
