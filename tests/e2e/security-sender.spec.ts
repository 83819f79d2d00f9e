import type { BrowserContext } from '@playwright/test';
import { DEMO, DEMO_TOKENS } from '../emulator/seed.ts';
import { requestLog } from './emulator-client';
import { expect, extensionWorker, test } from './fixtures';
import { openArticle } from './steps';

/**
 * Runs `messages` from a content script of the extension on the page at `url` (its isolated
 * world: a content script's powers exactly), each in @webext-core/messaging's envelope, and
 * returns the background's answers.
 */
async function sendFromContentScript(
  context: BrowserContext,
  url: string,
  messages: { type: string; data?: unknown }[],
): Promise<unknown[]> {
  const worker = await extensionWorker(context);
  return worker.evaluate(
    async ({ url, messages }) => {
      const [tab] = await chrome.tabs.query({ url });
      const [injection] = await chrome.scripting.executeScript({
        target: { tabId: tab?.id as number },
        args: [messages],
        func: async (sent: { type: string; data?: unknown }[]) => {
          const answers: unknown[] = [];
          for (const [index, { type, data }] of sent.entries()) {
            answers.push(await chrome.runtime.sendMessage({ id: index, type, data, timestamp: Date.now() }));
          }
          return answers;
        },
      });
      return injection?.result as unknown[];
    },
    { url, messages },
  );
}

test('a script on a web page cannot drive the background with the extension’s own messages', async ({
  context,
  options,
  pages,
  emulator,
}) => {
  await options.connectSpace(DEMO_TOKENS.demo);
  const article = await openArticle(context, pages.url);

  const messages = [
    { type: 'ping' },
    { type: 'getConnections' },
    { type: 'saveSettings', data: { apiBaseUrl: 'https://attacker.example' } },
    { type: 'connectWithToken', data: { token: DEMO_TOKENS.research } },
    { type: 'disconnect', data: { spaceId: DEMO.spaceId } },
    {
      type: 'saveClip',
      data: {
        spaceId: DEMO.spaceId,
        clip: { kind: 'daily-note', markdown: 'Injected', source: { url: article.url(), title: 'Injected' } },
      },
    },
  ];
  const requestsBefore = (await requestLog(emulator)).length;
  const answers = await sendFromContentScript(context, article.url(), messages);
  expect(answers).toEqual(
    messages.map(({ type }) => ({
      err: expect.objectContaining({ message: `"${type}" is only accepted from the extension's own pages` }),
    })),
  );

  // Nothing changed: the emulator saw no request from any of it, the space is still connected,
  // the service address is the emulator's, and nothing was queued.
  expect((await requestLog(emulator)).length).toBe(requestsBefore);
  await options.page.reload();
  await expect(options.connection('Demo space')).toContainText('Connected');
  await expect(options.page.getByRole('button', { name: /^Disconnect / })).toHaveCount(1);
  await options.openDisclosure('Advanced');
  await expect(options.page.getByRole('textbox', { name: 'API base URL' })).toHaveValue(emulator.url);
  const outbox = await options.page.evaluate(() =>
    chrome.runtime.sendMessage({ id: 1, type: 'getOutbox', timestamp: Date.now() }),
  );
  expect(outbox).toEqual({ res: { clips: [], history: [] } });
});
