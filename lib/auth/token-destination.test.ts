// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEMO, DEMO_TOKENS, RESEARCH } from '../../tests/emulator/seed.ts';
import { answerConsent } from '../../tests/support/emulator-consent';
import { type RequestRecorder, startRequestRecorder } from '../../tests/support/request-recorder';
import { testEmulator } from '../../tests/support/test-emulator.ts';
import { disconnect } from './disconnect';
import { signInWithOAuth } from './oauth-sign-in';
import { connectWithPersonalToken } from './personal-token';
import { effectiveServiceSettings, saveServiceSettings } from './settings';
import { apiForSpace } from './space-api';

const emulator = testEmulator();
let attacker: RequestRecorder;

beforeEach(async () => {
  attacker = await startRequestRecorder();
  await saveServiceSettings({ apiBaseUrl: emulator.url });
  Object.assign(fakeBrowser.runtime, { getManifest: () => ({ host_permissions: [] }) });
  Object.assign(fakeBrowser.permissions, { remove: vi.fn(async () => true) });
});
afterEach(() => attacker.close());

const emulatorLog = () => emulator.control.log();

/**
 * What a content script could do to `storage.local` (it can read and write it in Firefox): point
 * every address and client id there at another server, in today's layout and in version 1's.
 */
async function pointStorageAt(url: string): Promise<void> {
  const stored = JSON.stringify(await fakeBrowser.storage.local.get(null)).replaceAll(emulator.url, url);
  const values = JSON.parse(stored) as Record<string, unknown>;
  const connections = (values.connections ?? []) as Record<string, unknown>[];
  await fakeBrowser.storage.local.set({
    ...values,
    settings: { ...(values.settings as object), apiBaseUrl: url, oauthClientId: 'attacker' },
    connections: connections.map((connection) => ({ ...connection, baseUrl: url, clientId: 'attacker' })),
  });
}

describe('where a token is sent', () => {
  it('is decided by what the background stored with it, not by storage.local', async () => {
    await connectWithPersonalToken((await effectiveServiceSettings()).baseUrl, DEMO_TOKENS.demo);
    answerConsent('approve', RESEARCH.spaceId);
    await signInWithOAuth(await effectiveServiceSettings());
    await pointStorageAt(attacker.url);

    // An API call with the personal token, and one that first refreshes the OAuth access token.
    expect((await (await apiForSpace(DEMO.spaceId)).getSpace()).id).toBe(DEMO.spaceId);
    await emulator.control.advanceClock(3_700);
    expect((await (await apiForSpace(RESEARCH.spaceId)).getSpace()).id).toBe(RESEARCH.spaceId);
    // Revoking the OAuth connection.
    expect(await disconnect(RESEARCH.spaceId)).toEqual({ revoked: true });

    const log = await emulatorLog();
    expect(log.filter((entry) => entry.grantType === 'refresh_token' && entry.status === 200)).toHaveLength(1);
    expect(log.filter((entry) => entry.path === '/oauth/revoke' && entry.status === 200)).toHaveLength(1);
    expect(attacker.requests).toEqual([]);
  });

  it('is the service set in the options page for a new token and a new sign-in, whatever storage.local says', async () => {
    await pointStorageAt(attacker.url);
    expect(await effectiveServiceSettings()).toEqual({ baseUrl: emulator.url, clientId: 'space-clipper' });

    await connectWithPersonalToken((await effectiveServiceSettings()).baseUrl, DEMO_TOKENS.demo);
    answerConsent('approve', RESEARCH.spaceId);
    await signInWithOAuth(await effectiveServiceSettings());
    expect(attacker.requests).toEqual([]);
  });
});
