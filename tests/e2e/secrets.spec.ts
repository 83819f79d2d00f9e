import { DEMO, DEMO_TOKENS } from '../emulator/seed.ts';
import { expect, extensionWorker, stopServiceWorker, test } from './fixtures';

test('no token can be read by a content script of the extension', async ({ context, options, pages }) => {
  await options.open();
  await options.connectWithToken(DEMO_TOKENS.demo);
  await options.signIn('Approve', 'Research space');
  await expect(options.status).toHaveText('Connected to Research space.');

  const page = await context.newPage();
  await page.goto(`${pages.url}/article.html`);
  const worker = await extensionWorker(context);
  // Runs in the extension's isolated world on the page: exactly a content script's powers.
  const seen = await worker.evaluate(async (url) => {
    const [tab] = await chrome.tabs.query({ url });
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: tab?.id as number },
      func: async () => {
        const local = await chrome.storage.local.get(null);
        const session = await chrome.storage.session.get(null).then(
          (values) => values,
          (error: Error) => `refused: ${error.message}`,
        );
        const databases = (await indexedDB.databases()).map((database) => database.name);
        return JSON.stringify({ local, session, databases });
      },
    });
    return result?.result as string;
  }, `${pages.url}/article.html`);

  expect(seen).toContain('Demo space'); // the content script did read storage.local…
  expect(seen).not.toContain(DEMO_TOKENS.demo); // …but no token is there,
  expect(seen).not.toMatch(/"ey[\w-]+\.[\w-]+\.[\w-]+"/); // nor any JWT access token,
  expect(seen).not.toContain('cap-rt-'); // nor a refresh token,
  expect(seen).toContain('refused'); // storage.session is closed to content scripts,
  expect(JSON.parse(seen).databases).toEqual([]); // and the extension's IndexedDB is not the page's.
});

test('a stopped and restarted service worker keeps the connection', async ({ context, options }) => {
  await options.open();
  await options.connectWithToken(DEMO_TOKENS.demo);
  await expect(options.status).toHaveText('Connected to Demo space.');
  const before = await options.page.evaluate(() => chrome.runtime.sendMessage({ type: 'ping', timestamp: 1, id: 1 }));

  await stopServiceWorker(context);
  await options.page.reload();
  await expect(options.connection('Demo space')).toContainText('Connected to Demo space');
  const after = await options.page.evaluate(() => chrome.runtime.sendMessage({ type: 'ping', timestamp: 1, id: 1 }));
  expect(after.res.startedAt).toBeGreaterThan(before.res.startedAt);

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
