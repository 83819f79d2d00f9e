import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { startRequestRecorder } from '../../support/request-recorder.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { button, type Driver, textbox } from '../driver/driver';
import { objectsIn, urlOf } from '../emulator-client';
import { expect } from '../expect';
import { messageTo } from '../send-to-background';
import { CHROMIUM_ONLY, defineFlow } from './flow';
import { connectSpace, connectWithToken, openArticle, openDisclosure, openPopupFor } from './steps';

/**
 * What pages, content scripts and rewritten storage cannot make the extension do, seen from inside
 * Chromium: its content scripts, its service worker and its pages' policies, through Chromium's
 * own powers (the driver's `chromiumOnly` side).
 */

/**
 * Runs `messages` from a content script of the extension on the page at `url` (its isolated
 * world: a content script's powers exactly), each in @webext-core/messaging's envelope, and
 * returns the background's answers.
 */
function sendFromContentScript(driver: Driver, url: string, messages: { type: string; data?: unknown }[]) {
  return chromiumOnly(driver).inServiceWorker(
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

/** Replaces the page's `permissions.request` by one that records what it is asked and grants it. */
function recordPermissionRequests(page: { evaluate: Driver['inExtension'] }): Promise<void> {
  return page.evaluate(() => {
    const asked: unknown[] = [];
    Object.assign(globalThis, { askedPermissions: asked });
    chrome.permissions.request = (async (permissions: chrome.permissions.Permissions) => {
      asked.push(permissions.origins ?? permissions);
      return true;
    }) as typeof chrome.permissions.request;
  }, undefined);
}

function askedPermissions(page: { evaluate: Driver['inExtension'] }): Promise<unknown[] | undefined> {
  return page.evaluate(() => (globalThis as { askedPermissions?: unknown[] }).askedPermissions, undefined);
}

export const securityFlows = [
  defineFlow(
    'storage.local is closed to the extension’s content scripts (Chromium)',
    async ({ driver, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const seen = await chromiumOnly(driver).inServiceWorker(async (url) => {
        const [tab] = await chrome.tabs.query({ url });
        const [injection] = await chrome.scripting.executeScript({
          target: { tabId: tab?.id as number },
          func: async () => {
            const attempt = (run: () => Promise<unknown>) =>
              run().then(
                (value) => `read: ${JSON.stringify(value)}`,
                (error: Error) => `refused: ${error.message}`,
              );
            return {
              read: await attempt(() => chrome.storage.local.get(null)),
              write: await attempt(() => chrome.storage.local.set({ settings: { defaultSpaceId: 'x' } })),
            };
          },
        });
        return injection?.result as { read: string; write: string };
      }, article.url);
      expect(seen).toEqual({
        read: 'refused: Access to storage is not allowed from this context.',
        write: 'refused: Access to storage is not allowed from this context.',
      });
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'the extension pages load images only from the extension and data: URLs; the page icon comes from Chrome’s favicon cache',
    async ({ driver, pagesUrl }) => {
      const chromium = chromiumOnly(driver);
      const recorder = await startRequestRecorder();
      try {
        await connectSpace(driver, DEMO_TOKENS.demo);
        // The fixture names its own icon: the popup never asks that address, it asks the browser's cache.
        const article = await openArticle(driver, pagesUrl);
        const popup = await openPopupFor(driver, article);
        const origin = await chromium.origin();
        await expect(chromium.pageOf(popup).locator('img.favicon')).toHaveAttribute(
          'src',
          `${origin}/_favicon/?pageUrl=${encodeURIComponent(article.url)}&size=32`,
        );

        const manifest = await chromium.inServiceWorker(() => chrome.runtime.getManifest(), undefined);
        expect((manifest.content_security_policy as { extension_pages: string }).extension_pages).toContain(
          "img-src 'self' data:",
        );
        // Even an image added by hand is refused by the page's policy before any request goes out.
        const violation = await popup.evaluate(
          (src) =>
            new Promise<string>((resolve) => {
              document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
                once: true,
              });
              const image = document.createElement('img');
              image.src = src;
              document.body.append(image);
            }),
          `${recorder.url.replace('http:', 'https:')}/pixel.png`,
        );
        expect(violation).toBe('img-src');
        expect(recorder.requests).toEqual([]);
        expect(await popup.url()).toContain(new URL(origin).host);
      } finally {
        await recorder.close();
      }
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'disconnecting a personal token says it stays valid until deleted in the desktop app',
    async ({ driver }) => {
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      await options.click(button('Disconnect Demo space'));
      await expect
        .poll(() => options.status())
        .toBe(
          'Disconnected from Demo space. The personal API token itself stays valid until you delete it in the Workspace Notes desktop app.',
        );
    },
    { runs: CHROMIUM_ONLY },
  ),

  /*
   * A host-permission prompt cannot be answered in headless Chromium, so the options page's
   * `permissions.request` is replaced by one that records the request and grants it; the
   * background's `permissions.remove` is the browser's own, watched.
   */
  defineFlow(
    'the base URL and host permissions: an address that is not https (or http on this computer) is refused before any permission is asked',
    async ({ driver, emulator }) => {
      const options = await driver.options();
      await recordPermissionRequests(options);
      await openDisclosure(options, 'Advanced');
      await options.fill(textbox('API base URL'), 'http://notes.example');
      await options.click(button('Save service settings'));
      await expect.poll(() => options.text()).toMatch(/This address cannot be used/);
      expect(await askedPermissions(options)).toEqual([]);
      await chromiumOnly(driver).pageOf(options).reload();
      await openDisclosure(options, 'Advanced');
      await expect.poll(() => options.value(textbox('API base URL'))).toBe(emulator.url);
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'the base URL and host permissions: changing it asks for the new origin and gives up the old one, never the build’s own',
    async ({ driver, emulator }) => {
      const chromium = chromiumOnly(driver);
      await chromium.inServiceWorker(() => {
        const removed: unknown[] = [];
        Object.assign(globalThis, { removedPermissions: removed });
        const remove = chrome.permissions.remove.bind(chrome.permissions);
        chrome.permissions.remove = ((permissions: chrome.permissions.Permissions) => {
          removed.push(permissions.origins);
          return remove(permissions);
        }) as typeof chrome.permissions.remove;
      }, undefined);
      const options = await driver.options();
      await recordPermissionRequests(options);
      const serviceAddress = async () => (await driver.sendToBackground('getConnections')).settings.apiBaseUrl;
      const save = async (address: string) => {
        await openDisclosure(options, 'Advanced');
        await options.fill(textbox('API base URL'), address);
        await options.click(button('Save service settings'));
        await expect.poll(serviceAddress).toBe(address);
        await expect.poll(() => options.status()).toBe('Service settings saved.');
      };
      await save('https://first.example');
      await save('https://second.example/api');
      await save(emulator.url);

      expect(await askedPermissions(options)).toEqual([
        ['https://first.example/*'],
        ['https://second.example/*'],
        ['http://127.0.0.1/*'],
      ]);
      expect(
        await chromium.inServiceWorker(
          () => (globalThis as { removedPermissions?: unknown[] }).removedPermissions,
          undefined,
        ),
      ).toEqual([['https://first.example/*'], ['https://second.example/*']]);
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'a script on a web page cannot drive the background with the extension’s own messages',
    async ({ driver, emulator, pagesUrl }) => {
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);

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
            clip: { kind: 'daily-note', markdown: 'Injected', source: { url: article.url, title: 'Injected' } },
          },
        },
      ];
      const requestsBefore = (await emulator.log()).length;
      const answers = await sendFromContentScript(driver, article.url, messages);
      expect(answers).toEqual(
        messages.map(({ type }) => ({
          err: expect.objectContaining({ message: `"${type}" is only accepted from the extension's own pages` }),
        })),
      );

      // Nothing changed: the emulator saw no request from any of it, the space is still connected,
      // the service address is the emulator's, and nothing was queued.
      expect((await emulator.log()).length).toBe(requestsBefore);
      const page = chromiumOnly(driver).pageOf(options);
      await page.reload();
      await expect(page.getByRole('listitem').filter({ hasText: 'Demo space' })).toContainText('Connected');
      await expect(page.getByRole('button', { name: /^Disconnect / })).toHaveCount(1);
      await openDisclosure(options, 'Advanced');
      await expect.poll(() => options.value(textbox('API base URL'))).toBe(emulator.url);
      const outbox = await options.evaluate((message) => chrome.runtime.sendMessage(message), messageTo('getOutbox'));
      expect(outbox).toEqual({ res: { clips: [], history: [] } });
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'no token follows what storage.local says the API address is',
    async ({ driver, emulator, pagesUrl }) => {
      const chromium = chromiumOnly(driver);
      const attacker = await startRequestRecorder();
      try {
        await connectSpace(driver, DEMO_TOKENS.demo);
        // A popup opened once leaves its cached view (with the service address) in storage.local.
        const article = await openArticle(driver, pagesUrl);
        const first = await openPopupFor(driver, article);
        const storedText = () =>
          chromium.inServiceWorker(async () => JSON.stringify(await chrome.storage.local.get(null)), undefined);
        await expect.poll(storedText).toContain(emulator.url);
        await first.close();

        // Every value of storage.local that names the API's address now names another local server,
        // and version 1's keys (service settings, each connection's address and client) are written
        // too, as anything able to write storage.local could.
        const rewritten = await chromium.inServiceWorker(
          async ({ from, to }) => {
            const before = JSON.stringify(await chrome.storage.local.get(null));
            const values = JSON.parse(before.split(from).join(to)) as Record<string, unknown>;
            const connections = (values.connections ?? []) as Record<string, unknown>[];
            await chrome.storage.local.set({
              ...values,
              settings: { ...(values.settings as object), apiBaseUrl: to, oauthClientId: 'attacker' },
              connections: connections.map((connection) => ({ ...connection, baseUrl: to, clientId: 'attacker' })),
            });
            return {
              occurrences: before.split(from).length - 1,
              after: JSON.stringify(await chrome.storage.local.get(null)),
            };
          },
          { from: emulator.url, to: attacker.url },
        );
        expect(rewritten.occurrences).toBeGreaterThan(0);
        expect(rewritten.after).not.toContain(emulator.url);

        // A clip from the popup lands at the emulator…
        const popup = await openPopupFor(driver, article);
        await popup.click(button('Save page'));
        // "Queued" too: the outbox may hold a clip a moment for the server's rate budget, then send it.
        await expect.poll(() => popup.status()).toMatch(/^(Saved$|Queued: )/);
        const saved = async () =>
          (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).filter(
            (object) => urlOf(object) === article.url,
          );
        await expect.poll(async () => (await saved()).length).toBe(1);

        // …a second token is checked at the emulator, and the options page names the emulator…
        const options = await driver.options();
        await openDisclosure(options, 'Advanced');
        await expect.poll(() => options.value(textbox('API base URL'))).toBe(emulator.url);
        await connectWithToken(options, DEMO_TOKENS.research);
        await expect.poll(() => options.status()).toBe('Connected to Research space.');

        // …and the other server never heard of any of it.
        expect(attacker.requests).toEqual([]);
      } finally {
        await attacker.close();
      }
    },
    { runs: CHROMIUM_ONLY },
  ),
];
