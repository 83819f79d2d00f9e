import { DEMO, DEMO_TOKENS, RESEARCH } from '../../emulator/seed.ts';
import { button, combobox, type Driver, heading, option, textbox, type UiPage } from '../driver/driver';
import { apiGet, type EmulatorAccess, requestLog } from '../emulator-client';
import { expect } from '../expect';
import { popupQueryCache, secretOfSpace, storedSecret, tagVocabularyTitles } from './extension-state';
import { defineFlow, EVERYWHERE } from './flow';
import { connectWithToken, openArticle, openPopupFor, signIn } from './steps';

/** Installing, and connecting a space from the options page. */

/** Long enough for the undo time (10 s) to pass and the background to act. */
const UNDO_TIME_OUT = 30_000;

/** The shortcuts' names on the options page, by command. */
const COMMAND_NAMES = {
  _execute_action: 'Open Space Clipper',
  'save-page': 'Save page',
  'add-selection-to-daily-note': 'Add selection to daily note',
  'highlight-selection': 'Highlight selection',
};

/** The answers the emulator gave to revocations, in order. */
async function revocations(emulator: EmulatorAccess): Promise<(number | null)[]> {
  return (await requestLog(emulator)).filter((entry) => entry.path === '/oauth/revoke').map((entry) => entry.status);
}

/** Demo space signed in with OAuth (its token works), then disconnected from the options page. */
async function signInThenDisconnect(driver: Driver, emulator: EmulatorAccess) {
  const options = await driver.options();
  await signIn(driver, options, 'Approve', 'Demo space');
  await expect.poll(() => options.status()).toBe('Connected to Demo space.');
  return disconnectDemo(driver, emulator, options);
}

/** Clicks "Disconnect" for the demo space, signed in, once its sign-in is seen to work. */
async function disconnectDemo(driver: Driver, emulator: EmulatorAccess, options: UiPage) {
  const secret = await storedSecret(driver, 'Demo space');
  expect((await apiGet(emulator, '/space', secret?.accessToken as string)).status).toBe(200);
  await options.click(button('Disconnect Demo space'));
  await expect.poll(() => options.status()).toBe('Disconnected from Demo space.');
  return { options, secret };
}

/** The text the token field is described by: its error, then its hint. */
function tokenError(options: UiPage): Promise<string> {
  return options.evaluate(() => {
    const field = [...document.querySelectorAll('input')].find(
      (input) => input.labels?.[0]?.textContent === 'Personal API token',
    );
    const ids = field?.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  }, undefined);
}

/** The label of the control that has the focus. */
function focusedFieldLabel(options: UiPage): Promise<string | undefined> {
  return options.evaluate(
    () => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? undefined,
    undefined,
  );
}

export const connectFlows = [
  defineFlow('a new install opens its options page; the popup reaches the background', async ({ driver }) => {
    const options = await driver.options();
    await options.waitFor(heading(/Space Clipper/));
    const popup = await driver.popup();
    await popup.waitFor(heading('Space Clipper'));
    // This text is the popup's reading of the background's answer to "getConnections".
    await expect.poll(() => popup.text()).toContain('Connect a space to start clipping.');
    expect(await driver.sendToBackground('ping')).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      startedAt: expect.any(Number),
    });
  }),

  defineFlow(
    'a personal token connects its space',
    async ({ driver }) => {
      const options = await driver.options();
      await connectWithToken(options, DEMO_TOKENS.demo);
      await expect.poll(() => options.status()).toBe('Connected to Demo space.');
      await expect.poll(() => options.listItemText('Demo space')).toContain('Connected · Personal API token');
      // Said once: the status, not the list item too.
      expect((await options.text()).split('Connected to Demo space')).toHaveLength(2);
      await expect.poll(() => options.value(textbox('Personal API token'))).toBe('');
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'a wrong token and a string that is not a token are refused with their reasons',
    async ({ driver, emulator }) => {
      const options = await driver.options();
      await connectWithToken(options, 'cap-api-not-a-real-token');
      await expect.poll(() => tokenError(options)).toContain('did not accept this token');
      await expect.poll(() => focusedFieldLabel(options)).toBe('Personal API token');
      expect(await options.attribute(textbox('Personal API token'), 'aria-invalid')).toBe('true');
      expect(await options.status()).toBe('');

      const before = (await requestLog(emulator)).length;
      await connectWithToken(options, 'sk-live-1234');
      await expect.poll(() => tokenError(options)).toContain('starts with "cap-api-"');
      // Refused before anything was sent.
      expect((await requestLog(emulator)).length).toBe(before);
      await options.waitFor(heading('Welcome to Space Clipper'));
    },
  ),

  defineFlow('Sign in → consent page → Approve connects the chosen space', async ({ driver }) => {
    const options = await driver.options();
    await signIn(driver, options, 'Approve', 'Demo space');
    await expect.poll(() => options.status()).toBe('Connected to Demo space.');
    await expect.poll(() => options.listItemText('Demo space')).toContain('Connected · Signed in');
    const secret = await storedSecret(driver, 'Demo space');
    expect(secret?.accessToken).toMatch(/^ey/);
    expect(secret?.refreshToken).toBeTruthy();
  }),

  defineFlow('Deny on the consent page says nothing was connected and why', async ({ driver }) => {
    const options = await driver.options();
    await signIn(driver, options, 'Deny');
    await expect.poll(() => options.status()).toContain('You chose not to connect');
    // The error code is the service's word, not the person's (docs/words.md).
    expect(await options.status()).not.toContain('access_denied');
    await options.waitFor(heading('Welcome to Space Clipper'));
  }),

  defineFlow('two spaces are connected at once, and the default can be changed', async ({ driver }) => {
    const options = await driver.options();
    await connectWithToken(options, DEMO_TOKENS.demo);
    await expect.poll(() => options.status()).toBe('Connected to Demo space.');
    await signIn(driver, options, 'Approve', 'Research space');
    await expect.poll(() => options.status()).toBe('Connected to Research space.');
    await expect.poll(() => options.listItemText('Demo space')).toContain('Default space');
    await expect.poll(() => options.listItemText('Research space')).toContain('Signed in');
    await options.click(button('Make Research space the default space'));
    await expect.poll(() => options.listItemText('Research space')).toContain('Default space');
    await expect.poll(() => options.listItemText('Demo space')).not.toContain('Default space');
  }),

  defineFlow(
    "Disconnect revokes the sign-in at the server and forgets the space, and the space's tags and cached forms with it",
    async ({ driver, emulator, pagesUrl }) => {
      // The popup kept the space's form and, from a tag search, some of its tag names.
      const options = await driver.options();
      await signIn(driver, options, 'Approve', 'Demo space');
      await expect.poll(() => options.status()).toBe('Connected to Demo space.');
      const popup = await openPopupFor(driver, await openArticle(driver, pagesUrl));
      await popup.fill(combobox('Tags'), 'java');
      await popup.waitFor(option('JavaScript'));
      await expect.poll(() => tagVocabularyTitles(driver, DEMO.spaceId)).toContain('JavaScript');
      await popup.close();
      expect(await popupQueryCache(driver)).toBeTruthy();

      const { secret } = await disconnectDemo(driver, emulator, options);
      await options.waitFor(heading('Welcome to Space Clipper'));
      // Only once Undo is no longer offered does the server hear of it.
      await expect.poll(() => revocations(emulator), { timeout: UNDO_TIME_OUT }).toEqual([200]);
      expect((await apiGet(emulator, '/space', secret?.accessToken as string)).status).toBe(401);
      await expect.poll(() => secretOfSpace(driver, DEMO.spaceId)).toBeUndefined();
      expect(await tagVocabularyTitles(driver, DEMO.spaceId)).toEqual([]);
      expect(await popupQueryCache(driver)).toBeUndefined();
    },
    { timeoutMs: 90_000 },
  ),

  defineFlow(
    'the browser closed within the undo time of Disconnect: the sign-in is revoked when it starts again',
    async ({ driver, emulator }) => {
      const { secret } = await signInThenDisconnect(driver, emulator);
      // Closed before the undo time is over: the pending disconnect (storage.session) goes with it.
      await driver.restart();
      await expect.poll(() => revocations(emulator), { timeout: UNDO_TIME_OUT }).toEqual([200]);
      expect((await apiGet(emulator, '/space', secret?.accessToken as string)).status).toBe(401);
      await expect.poll(() => secretOfSpace(driver, DEMO.spaceId)).toBeUndefined();
    },
    { timeoutMs: 90_000 },
  ),

  defineFlow(
    'Disconnect followed by Undo keeps the connection, and no revocation is sent',
    async ({ driver, emulator }) => {
      const options = await driver.options();
      await signIn(driver, options, 'Approve', 'Demo space');
      await expect.poll(() => options.status()).toBe('Connected to Demo space.');
      await signIn(driver, options, 'Approve', 'Research space');
      await expect.poll(() => options.status()).toBe('Connected to Research space.');
      const demo = await storedSecret(driver, 'Demo space');

      await options.click(button('Disconnect Demo space'));
      await expect.poll(() => options.status()).toBe('Disconnected from Demo space.');
      await expect.poll(() => options.listItemText('Demo space')).toBe('');
      await options.click(button('Undo'));
      await expect.poll(() => options.status()).toBe('Demo space stays connected.');
      await expect.poll(() => options.listItemText('Demo space')).toContain('Connected · Signed in');
      expect(await storedSecret(driver, 'Demo space')).toEqual(demo);

      // Research space's disconnect, made later, is carried out after its own undo time: had Undo
      // not held back Demo space's, that revocation would have reached the server first.
      await options.click(button('Disconnect Research space'));
      await expect.poll(() => revocations(emulator), { timeout: UNDO_TIME_OUT }).toEqual([200]);
      await expect.poll(() => secretOfSpace(driver, RESEARCH.spaceId)).toBeUndefined();
      expect((await apiGet(emulator, '/space', demo?.accessToken as string)).status).toBe(200);
      expect(await storedSecret(driver, 'Demo space')).toEqual(demo);
      await expect.poll(() => options.listItemText('Demo space')).toContain('Connected · Signed in');
    },
    { runs: EVERYWHERE, timeoutMs: 90_000 },
  ),

  defineFlow(
    'a first run: the welcome, Sign in, connected, and How to clip lists the shortcuts as the browser has them',
    async ({ driver }) => {
      const options = await driver.options();
      await options.waitFor(heading('Welcome to Space Clipper'));
      expect(await options.text()).toContain('you need a Workspace Notes account');
      expect(await options.count(textbox('API base URL'))).toBe(0);
      expect(await options.attribute(button('Advanced'), 'aria-expanded')).toBe('false');

      await signIn(driver, options, 'Approve', 'Demo space');
      await expect.poll(() => options.status()).toBe('Connected to Demo space.');
      await options.waitFor(heading('How to clip'));
      expect(await options.count(heading('Welcome to Space Clipper'))).toBe(0);
      expect(await options.text()).toContain(driver.browser === 'firefox' ? 'Pin to Toolbar' : 'puzzle piece');

      const commands = await driver.inExtension(
        async () => (await chrome.commands.getAll()).map(({ name, shortcut }) => ({ name, shortcut })),
        undefined,
      );
      expect(commands.map(({ name }) => name).sort()).toEqual(Object.keys(COMMAND_NAMES).sort());
      for (const { name, shortcut } of commands) {
        await expect
          .poll(() => options.text())
          .toContain(`${COMMAND_NAMES[name as keyof typeof COMMAND_NAMES]}: ${shortcut || 'not set'}`);
      }
    },
    { runs: EVERYWHERE },
  ),

  defineFlow('no token can be read by a content script of the extension', async ({ driver, pagesUrl }) => {
    const options = await driver.options();
    await connectWithToken(options, DEMO_TOKENS.demo);
    await expect.poll(() => options.status()).toBe('Connected to Demo space.');
    await signIn(driver, options, 'Approve', 'Research space');
    await expect.poll(() => options.status()).toBe('Connected to Research space.');

    const article = await openArticle(driver, pagesUrl);
    // Runs in the extension's isolated world on the page: exactly a content script's powers.
    const seen = await driver.inExtension(async (tabId) => {
      const [result] = await chrome.scripting.executeScript({
        target: { tabId },
        func: async () => {
          // Each read on its own: a browser may refuse one (Chromium lets the background close
          // storage.local to content scripts; Firefox leaves storage.session out of their API).
          const attempt = (read: () => Promise<unknown>) =>
            (async () => read())().then(
              (values) => values,
              (error: Error) => `refused: ${error.message}`,
            );
          const local = await attempt(() => chrome.storage.local.get(null));
          const session = await attempt(() => chrome.storage.session.get(null));
          const databases = await attempt(async () => (await indexedDB.databases()).map((database) => database.name));
          return JSON.stringify({ local, session, databases });
        },
      });
      return result?.result as string;
    }, article.id);

    const { local, session, databases } = JSON.parse(seen) as { local: unknown; session: unknown; databases: unknown };
    // Where a content script may read storage.local at all, it does see what is kept there…
    if (typeof local === 'string') expect(local).toMatch(/^refused/);
    else expect(JSON.stringify(local)).toContain('Demo space');
    expect(seen).not.toContain(DEMO_TOKENS.demo); // …but no token is there,
    expect(seen).not.toMatch(/"ey[\w-]+\.[\w-]+\.[\w-]+"/); // nor any JWT access token,
    expect(seen).not.toContain('cap-rt-'); // nor a refresh token,
    expect(session).toMatch(/^refused/); // storage.session is closed to content scripts,
    expect(databases).toEqual([]); // and the extension's IndexedDB is not the page's.
  }),
];
