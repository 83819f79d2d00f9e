import { DEMO_TOKENS } from '../../emulator/seed.ts';
import { button, heading, textbox } from '../driver/driver';
import { apiGet, requestLog } from '../emulator-client';
import { expect } from '../expect';
import { storedSecret } from './extension-state';
import { defineFlow, EVERYWHERE } from './flow';
import { connectWithToken, openArticle, signIn } from './steps';

/** Installing, and connecting a space from the options page. */

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
      await expect.poll(() => options.listItemText('Demo space')).toContain('Connected to Demo space');
      await expect.poll(() => options.listItemText('Demo space')).toContain('Personal API token');
      await expect.poll(() => options.value(textbox('Personal API token'))).toBe('');
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'a wrong token and a string that is not a token are refused with their reasons',
    async ({ driver, emulator }) => {
      const options = await driver.options();
      await connectWithToken(options, 'cap-api-not-a-real-token');
      await expect.poll(() => options.status()).toContain('did not accept this token');

      const before = (await requestLog(emulator)).length;
      await connectWithToken(options, 'sk-live-1234');
      await expect.poll(() => options.status()).toContain('starts with "cap-api-"');
      // Refused before anything was sent.
      expect((await requestLog(emulator)).length).toBe(before);
      await expect.poll(() => options.text()).toContain('No space is connected yet');
    },
  ),

  defineFlow('Sign in → consent page → Approve connects the chosen space', async ({ driver }) => {
    const options = await driver.options();
    await signIn(driver, options, 'Approve', 'Demo space');
    await expect.poll(() => options.status()).toBe('Connected to Demo space.');
    await expect.poll(() => options.listItemText('Demo space')).toContain('Connected to Demo space');
    const secret = await storedSecret(driver, 'Demo space');
    expect(secret?.accessToken).toMatch(/^ey/);
    expect(secret?.refreshToken).toBeTruthy();
  }),

  defineFlow('Deny on the consent page says nothing was connected and why', async ({ driver }) => {
    const options = await driver.options();
    await signIn(driver, options, 'Deny');
    await expect.poll(() => options.status()).toContain('You chose not to connect');
    await expect.poll(() => options.status()).toContain('access_denied');
    await expect.poll(() => options.text()).toContain('No space is connected yet');
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

  defineFlow('Disconnect revokes the sign-in at the server and forgets the space', async ({ driver, emulator }) => {
    const options = await driver.options();
    await signIn(driver, options, 'Approve', 'Demo space');
    await expect.poll(() => options.status()).toBe('Connected to Demo space.');
    const secret = await storedSecret(driver, 'Demo space');
    expect((await apiGet(emulator, '/space', secret?.accessToken as string)).status).toBe(200);

    await options.click(button('Disconnect Demo space'));
    await expect.poll(() => options.status()).toBe('Disconnected from Demo space.');
    await expect.poll(() => options.text()).toContain('No space is connected yet');
    expect((await requestLog(emulator)).some((entry) => entry.path === '/oauth/revoke' && entry.status === 200)).toBe(
      true,
    );
    expect((await apiGet(emulator, '/space', secret?.accessToken as string)).status).toBe(401);
    expect(await storedSecret(driver, 'Demo space')).toBeUndefined();
  }),

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
