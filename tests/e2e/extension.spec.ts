import { CHROME_EXTENSION_ID } from './env';
import { expect, extensionWorker, test } from './fixtures';

test('the service worker starts with the fixed development id', async ({ context, extensionId }) => {
  const worker = await extensionWorker(context);
  expect(worker.url()).toBe(`chrome-extension://${CHROME_EXTENSION_ID}/background.js`);
  expect(extensionId).toBe(CHROME_EXTENSION_ID);
});

test('the options page renders', async ({ options }) => {
  const page = await options.open();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Space Clipper/);
});

test('the popup renders and can message the background', async ({ popup }) => {
  const page = await popup.open();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Space Clipper');
  // This text is the popup's reading of the background's answer to "getConnections".
  await expect(page.getByText('Connect a space to start clipping.')).toBeVisible();
  const answer = await page.evaluate(() => chrome.runtime.sendMessage({ id: 1, type: 'ping', timestamp: Date.now() }));
  expect(answer).toEqual({
    res: { version: expect.stringMatching(/^\d+\.\d+\.\d+$/), startedAt: expect.any(Number) },
  });
});
