import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { CHROME_EXTENSION_ID } from '../env';
import { expect } from '../expect';
import { CHROMIUM_ONLY, defineFlow } from './flow';
import { connectSpace } from './steps';

/** Chromium's service worker: what only Chromium (and its DevTools protocol) can show. */
export const serviceWorkerFlows = [
  defineFlow(
    'the service worker starts with the fixed development id',
    async ({ driver }) => {
      const worker = await chromiumOnly(driver).serviceWorker();
      expect(worker.url()).toBe(`chrome-extension://${CHROME_EXTENSION_ID}/background.js`);
      expect(new URL(worker.url()).host).toBe(CHROME_EXTENSION_ID);
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'a stopped and restarted service worker keeps the connection',
    async ({ driver }) => {
      const chromium = chromiumOnly(driver);
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      await expect.poll(() => options.status()).toBe('Connected to Demo space.');
      const before = await driver.sendToBackground('ping');

      await chromium.stopServiceWorker();
      await chromium.pageOf(options).reload();
      await expect.poll(() => options.listItemText('Demo space')).toContain('Connected · Personal API token');
      const after = await driver.sendToBackground('ping');
      expect(after.startedAt).toBeGreaterThan(before.startedAt);

      // The restarted worker finds the token again in IndexedDB (the popup tests then use it).
      const storedFor = await chromium.inServiceWorker(async () => {
        const database = await new Promise<IDBDatabase>((resolve) => {
          const open = indexedDB.open('space-clipper');
          open.onsuccess = () => resolve(open.result);
        });
        return new Promise<string[]>((resolve) => {
          const request = database.transaction('secrets').objectStore('secrets').getAll();
          request.onsuccess = () => resolve(request.result.map((entry: { spaceId: string }) => entry.spaceId));
        });
      }, undefined);
      expect(storedFor).toEqual([DEMO.spaceId]);
    },
    { runs: CHROMIUM_ONLY },
  ),
];
