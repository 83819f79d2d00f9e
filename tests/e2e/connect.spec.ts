import { DEMO_TOKENS } from '../emulator/seed.ts';
import { apiGet, requestLog } from './emulator-client';
import { expect, extensionWorker, test } from './fixtures';

/** The tokens the background stored for a space (read through DevTools, as only a test can). */
async function storedSecret(
  context: import('@playwright/test').BrowserContext,
  spaceTitle: string,
): Promise<{ accessToken?: string; refreshToken?: string | null; token?: string } | undefined> {
  const worker = await extensionWorker(context);
  return worker.evaluate(async (title) => {
    const connections = ((await chrome.storage.local.get('connections')).connections ?? []) as {
      spaceId: string;
      spaceTitle: string;
    }[];
    const spaceId = connections.find((c) => c.spaceTitle === title)?.spaceId;
    if (!spaceId) return undefined;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('space-clipper');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return new Promise((resolve, reject) => {
      const request = database.transaction('secrets').objectStore('secrets').get(spaceId);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }, spaceTitle);
}

test.describe('connecting a space from the options page', () => {
  test('Sign in → consent page → Approve connects the chosen space', async ({ options, context }) => {
    await options.open();
    await options.signIn('Approve', 'Demo space');
    await expect(options.status).toHaveText('Connected to Demo space.');
    await expect(options.connection('Demo space')).toContainText('Connected to Demo space');
    const secret = await storedSecret(context, 'Demo space');
    expect(secret?.accessToken).toMatch(/^ey/);
    expect(secret?.refreshToken).toBeTruthy();
  });

  test('Deny on the consent page says nothing was connected and why', async ({ options }) => {
    await options.open();
    await options.signIn('Deny');
    await expect(options.status).toContainText('You chose not to connect');
    await expect(options.status).toContainText('access_denied');
    await expect(options.page.getByText('No space is connected yet')).toBeVisible();
  });

  test('a personal token connects its space', async ({ options }) => {
    await options.open();
    await options.connectWithToken(DEMO_TOKENS.demo);
    await expect(options.status).toHaveText('Connected to Demo space.');
    await expect(options.connection('Demo space')).toContainText('Personal API token');
    await expect(options.page.getByRole('textbox', { name: 'Personal API token' })).toHaveValue('');
  });

  test('a wrong token and a string that is not a token are refused with their reasons', async ({
    options,
    emulator,
  }) => {
    await options.open();
    await options.connectWithToken('cap-api-not-a-real-token');
    await expect(options.status).toContainText('did not accept this token');

    const before = (await requestLog(emulator)).length;
    await options.connectWithToken('sk-live-1234');
    await expect(options.status).toContainText('starts with "cap-api-"');
    // Refused before anything was sent.
    expect((await requestLog(emulator)).length).toBe(before);
    await expect(options.page.getByText('No space is connected yet')).toBeVisible();
  });

  test('two spaces are connected at once, and the default can be changed', async ({ options }) => {
    await options.open();
    await options.connectWithToken(DEMO_TOKENS.demo);
    await expect(options.status).toHaveText('Connected to Demo space.');
    await options.signIn('Approve', 'Research space');
    await expect(options.status).toHaveText('Connected to Research space.');
    await expect(options.connection('Demo space')).toContainText('Default space');
    await expect(options.connection('Research space')).toContainText('Signed in');
    await options.page.getByRole('button', { name: 'Make Research space the default space' }).click();
    await expect(options.connection('Research space')).toContainText('Default space');
    await expect(options.connection('Demo space')).not.toContainText('Default space');
  });

  test('Disconnect revokes the sign-in at the server and forgets the space', async ({ options, emulator, context }) => {
    await options.open();
    await options.signIn('Approve', 'Demo space');
    await expect(options.status).toHaveText('Connected to Demo space.');
    const secret = await storedSecret(context, 'Demo space');
    expect((await apiGet(emulator, '/space', secret?.accessToken as string)).status).toBe(200);

    await options.page.getByRole('button', { name: 'Disconnect Demo space' }).click();
    await expect(options.status).toHaveText('Disconnected from Demo space.');
    await expect(options.page.getByText('No space is connected yet')).toBeVisible();
    expect((await requestLog(emulator)).some((entry) => entry.path === '/oauth/revoke' && entry.status === 200)).toBe(
      true,
    );
    expect((await apiGet(emulator, '/space', secret?.accessToken as string)).status).toBe(401);
    expect(await storedSecret(context, 'Demo space')).toBeUndefined();
  });
});
