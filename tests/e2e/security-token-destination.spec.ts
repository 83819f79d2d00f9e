import { DEMO, DEMO_TOKENS } from '../emulator/seed.ts';
import { type RequestRecorder, startRequestRecorder } from '../support/request-recorder.ts';
import { objectsIn, urlOf } from './emulator-client';
import { expect, extensionWorker, test } from './fixtures';
import { openArticle } from './steps';

let attacker: RequestRecorder;
test.beforeEach(async () => {
  attacker = await startRequestRecorder();
});
test.afterEach(() => attacker.close());

test('no token follows what storage.local says the API address is', async ({
  context,
  options,
  popup,
  pages,
  emulator,
}) => {
  await options.connectSpace(DEMO_TOKENS.demo);
  // A popup opened once leaves its cached view (with the service address) in storage.local.
  const article = await openArticle(context, pages.url);
  await popup.open(article);
  await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
  const worker = await extensionWorker(context);
  const storedText = () => worker.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));
  await expect.poll(storedText).toContain(emulator.url);
  await popup.page.close();

  // Every value of storage.local that names the API's address now names another local server,
  // and version 1's keys (service settings, each connection's address and client) are written
  // too, as anything able to write storage.local could.
  const rewritten = await worker.evaluate(
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
  await popup.open(article);
  await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
  await popup.savePage.click();
  // "Queued" too: the outbox may hold a clip a moment for the server's rate budget, then send it.
  await expect(popup.status).toHaveText(/^(Saved$|Queued: )/);
  const saved = async () =>
    (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).filter((object) => urlOf(object) === article.url());
  await expect.poll(async () => (await saved()).length).toBe(1);

  // …a second token is checked at the emulator, and the options page names the emulator…
  await options.open();
  await expect(options.page.getByRole('textbox', { name: 'API base URL' })).toHaveValue(emulator.url);
  await options.connectWithToken(DEMO_TOKENS.research);
  await expect(options.status).toHaveText('Connected to Research space.');

  // …and the other server never heard of any of it.
  expect(attacker.requests).toEqual([]);
});
