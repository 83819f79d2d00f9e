import { DEMO_TOKENS } from '../emulator/seed.ts';
import { type RequestRecorder, startRequestRecorder } from '../support/request-recorder.ts';
import { expect, extensionWorker, test } from './fixtures';
import { openArticle } from './steps';

let recorder: RequestRecorder;
test.beforeEach(async () => {
  recorder = await startRequestRecorder();
});
test.afterEach(() => recorder.close());

test('storage.local is closed to the extension’s content scripts (Chromium)', async ({ context, options, pages }) => {
  await options.connectSpace(DEMO_TOKENS.demo);
  const article = await openArticle(context, pages.url);
  const worker = await extensionWorker(context);
  const seen = await worker.evaluate(async (url) => {
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
  }, article.url());
  expect(seen).toEqual({
    read: 'refused: Access to storage is not allowed from this context.',
    write: 'refused: Access to storage is not allowed from this context.',
  });
});

test('the extension pages load images only from the extension and data: URLs; the page icon comes from Chrome’s favicon cache', async ({
  context,
  popup,
  options,
  pages,
  extensionId,
}) => {
  await options.connectSpace(DEMO_TOKENS.demo);
  // The fixture names its own icon: the popup never asks that address, it asks the browser's cache.
  const article = await openArticle(context, pages.url);
  await popup.open(article);
  await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
  await expect(popup.page.locator('img.favicon')).toHaveAttribute(
    'src',
    `chrome-extension://${extensionId}/_favicon/?pageUrl=${encodeURIComponent(article.url())}&size=32`,
  );

  const manifest = await (await extensionWorker(context)).evaluate(() => chrome.runtime.getManifest());
  expect((manifest.content_security_policy as { extension_pages: string }).extension_pages).toContain(
    "img-src 'self' data:",
  );
  // Even an image added by hand is refused by the page's policy before any request goes out.
  const violation = await popup.page.evaluate(
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
  expect(popup.page.url()).toContain(extensionId);
});

test('disconnecting a personal token says it stays valid until deleted in the desktop app', async ({ options }) => {
  await options.connectSpace(DEMO_TOKENS.demo);
  await options.page.getByRole('button', { name: 'Disconnect Demo space' }).click();
  await expect(options.status).toHaveText(
    "Disconnected from Demo space. The personal API token itself stays valid until you delete it in the desktop app's API settings.",
  );
});

/*
 * A host-permission prompt cannot be answered in headless Chromium, so the options page's
 * `permissions.request` is replaced by one that records the request and grants it; the
 * background's `permissions.remove` is the browser's own, watched.
 */
test.describe('the base URL and host permissions', () => {
  test('an address that is not https (or http on this computer) is refused before any permission is asked', async ({
    options,
    emulator,
  }) => {
    await options.open();
    await options.page.evaluate(() => {
      const asked: unknown[] = [];
      Object.assign(globalThis, { askedPermissions: asked });
      chrome.permissions.request = (async (permissions: unknown) => {
        asked.push(permissions);
        return true;
      }) as typeof chrome.permissions.request;
    });
    await options.openDisclosure('Advanced');
    const field = options.page.getByRole('textbox', { name: 'API base URL' });
    await field.fill('http://notes.example');
    await options.page.getByRole('button', { name: 'Save service settings' }).click();
    await expect(options.page.getByText(/This address cannot be used/)).toBeVisible();
    expect(
      await options.page.evaluate(() => (globalThis as { askedPermissions?: unknown[] }).askedPermissions),
    ).toEqual([]);
    await options.page.reload();
    await options.openDisclosure('Advanced');
    await expect(options.page.getByRole('textbox', { name: 'API base URL' })).toHaveValue(emulator.url);
  });

  test('changing it asks for the new origin and gives up the old one, never the build’s own', async ({
    context,
    options,
    emulator,
  }) => {
    const worker = await extensionWorker(context);
    await worker.evaluate(() => {
      const removed: unknown[] = [];
      Object.assign(globalThis, { removedPermissions: removed });
      const remove = chrome.permissions.remove.bind(chrome.permissions);
      chrome.permissions.remove = ((permissions: chrome.permissions.Permissions) => {
        removed.push(permissions.origins);
        return remove(permissions);
      }) as typeof chrome.permissions.remove;
    });
    await options.open();
    await options.page.evaluate(() => {
      const asked: unknown[] = [];
      Object.assign(globalThis, { askedPermissions: asked });
      chrome.permissions.request = (async (permissions: chrome.permissions.Permissions) => {
        asked.push(permissions.origins);
        return true;
      }) as typeof chrome.permissions.request;
    });
    const serviceAddress = () =>
      options.page.evaluate(async () => {
        const answer = await chrome.runtime.sendMessage({ id: 1, type: 'getConnections', timestamp: Date.now() });
        return (answer as { res: { settings: { apiBaseUrl: string } } }).res.settings.apiBaseUrl;
      });
    const save = async (address: string) => {
      await options.openDisclosure('Advanced');
      await options.page.getByRole('textbox', { name: 'API base URL' }).fill(address);
      await options.page.getByRole('button', { name: 'Save service settings' }).click();
      await expect.poll(serviceAddress).toBe(address);
      await expect(options.status).toHaveText('Service settings saved.');
    };
    await save('https://first.example');
    await save('https://second.example/api');
    await save(emulator.url);

    expect(
      await options.page.evaluate(() => (globalThis as { askedPermissions?: unknown[] }).askedPermissions),
    ).toEqual([['https://first.example/*'], ['https://second.example/*'], ['http://127.0.0.1/*']]);
    expect(await worker.evaluate(() => (globalThis as { removedPermissions?: unknown[] }).removedPermissions)).toEqual([
      ['https://first.example/*'],
      ['https://second.example/*'],
    ]);
  });
});
