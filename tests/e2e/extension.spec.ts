import { DEMO, DEMO_TOKENS } from '../emulator/seed.ts';
import { CHROME_EXTENSION_ID } from './env';
import { expect, extensionWorker, stopServiceWorker, test } from './fixtures';
import { evaluateIn, sendToBackground } from './send-to-background';

/** Chromium's service worker: what only Chromium (and its DevTools protocol) can show. */

test('the service worker starts with the fixed development id', async ({ context, extensionId }) => {
  const worker = await extensionWorker(context);
  expect(worker.url()).toBe(`chrome-extension://${CHROME_EXTENSION_ID}/background.js`);
  expect(extensionId).toBe(CHROME_EXTENSION_ID);
});

test('a stopped and restarted service worker keeps the connection', async ({ context, options }) => {
  await options.open();
  await options.connectWithToken(DEMO_TOKENS.demo);
  await expect(options.status).toHaveText('Connected to Demo space.');
  const before = await sendToBackground(evaluateIn(options.page), 'ping');

  await stopServiceWorker(context);
  await options.page.reload();
  await expect(options.connection('Demo space')).toContainText('Connected · Personal API token');
  const after = await sendToBackground(evaluateIn(options.page), 'ping');
  expect(after.startedAt).toBeGreaterThan(before.startedAt);

  // The restarted worker finds the token again in IndexedDB (the popup tests then use it).
  const worker = await extensionWorker(context);
  const storedFor = await worker.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open('space-clipper');
      open.onsuccess = () => resolve(open.result);
    });
    return new Promise<string[]>((resolve) => {
      const request = database.transaction('secrets').objectStore('secrets').getAll();
      request.onsuccess = () => resolve(request.result.map((entry: { spaceId: string }) => entry.spaceId));
    });
  });
  expect(storedFor).toEqual([DEMO.spaceId]);
});
