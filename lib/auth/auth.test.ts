// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEMO, DEMO_TOKENS, RESEARCH } from '../../tests/emulator/seed.ts';
import { answerConsent } from '../../tests/support/emulator-consent';
import { testEmulator } from '../../tests/support/test-emulator.ts';
import { NotAuthenticatedError, OAuthError } from '../api';
import { trustedClipSettings } from '../choices';
import type { OAuthSecret } from '../db/schema';
import { getConnection, listConnections } from './connections';
import { disconnect } from './disconnect';
import { signInWithOAuth } from './oauth-sign-in';
import { connectWithPersonalToken } from './personal-token';
import { REVOCATION_ALARM, retryPendingRevocations } from './revocations';
import { readSecret, writeSecret } from './secrets';
import { saveServiceSettings, effectiveServiceSettings as settingsFor } from './settings';
import { apiForSpace } from './space-api';

const emulator = testEmulator();

beforeEach(async () => {
  await saveServiceSettings({ apiBaseUrl: emulator.url });
  Object.assign(fakeBrowser.runtime, { getManifest: () => ({ host_permissions: [] }) });
  Object.assign(fakeBrowser.permissions, { remove: vi.fn(async () => true) });
});

const log = () => emulator.control.log();
const refreshRequests = async () => (await log()).filter((entry) => entry.grantType === 'refresh_token');

async function signInToDemo() {
  answerConsent('approve', DEMO.spaceId);
  return signInWithOAuth(await settingsFor());
}

async function oauthSecret(spaceId: string): Promise<OAuthSecret> {
  const secret = await readSecret(spaceId);
  if (secret?.method !== 'oauth') throw new Error('no OAuth secret stored');
  return secret;
}

describe('personal API tokens', () => {
  it('are checked with GET /space and connect the space they are bound to', async () => {
    const connection = await connectWithPersonalToken(emulator.url, `  ${DEMO_TOKENS.demo}\n`);
    expect(connection).toMatchObject({ spaceId: DEMO.spaceId, spaceTitle: 'Demo space', method: 'token' });
    expect(await readSecret(DEMO.spaceId)).toEqual({
      spaceId: DEMO.spaceId,
      method: 'token',
      token: 'cap-api-demo',
      baseUrl: emulator.url,
    });
    expect((await trustedClipSettings.getValue()).defaultSpaceId).toBe(DEMO.spaceId);
  });

  it('are refused without a request when they do not start with cap-api-', async () => {
    await expect(connectWithPersonalToken(emulator.url, 'ghp_123')).rejects.toMatchObject({ code: 'token_prefix' });
    expect(await log()).toEqual([]);
  });

  it('that the server does not know are not stored', async () => {
    await expect(connectWithPersonalToken(emulator.url, 'cap-api-wrong')).rejects.toBeInstanceOf(NotAuthenticatedError);
    expect(await listConnections()).toEqual([]);
    expect(await readSecret(DEMO.spaceId)).toBeUndefined();
  });

  it('that get revoked mark the connection "needs sign-in" without deleting it', async () => {
    await connectWithPersonalToken(emulator.url, DEMO_TOKENS.demo);
    await emulator.control.revokeToken(DEMO_TOKENS.demo);
    await expect((await apiForSpace(DEMO.spaceId)).getSpace()).rejects.toBeInstanceOf(NotAuthenticatedError);
    expect((await getConnection(DEMO.spaceId))?.state).toBe('needs-sign-in');
    expect(await readSecret(DEMO.spaceId)).toBeDefined();
  });
});

describe('OAuth sign-in with PKCE', () => {
  it('connects the space chosen on the consent page with a token pair', async () => {
    const launch = answerConsent('approve', RESEARCH.spaceId);
    const connection = await signInWithOAuth(await settingsFor());
    expect(connection).toMatchObject({ spaceId: RESEARCH.spaceId, spaceTitle: 'Research space', method: 'oauth' });
    expect(connection.scopes).toEqual(['api:read', 'api:write', 'offline_access']);
    const authorize = new URL(launch.mock.calls[0]?.[0].url ?? '');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('resource')).toBe(emulator.url);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'https://kooidenmidbebafggpphlmfpiafeiocd.chromiumapp.org/',
    );
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    const secret = await oauthSecret(RESEARCH.spaceId);
    expect(secret.refreshToken).toBeTruthy();
    expect(secret.expiresAt).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('refuses an answer whose state does not match, without exchanging its code', async () => {
    answerConsent('approve', DEMO.spaceId, (redirect) => {
      redirect.searchParams.set('state', 'forged-state');
      return redirect;
    });
    await expect(signInWithOAuth(await settingsFor())).rejects.toMatchObject({ code: 'state_mismatch' });
    expect((await log()).some((entry) => entry.path === '/oauth/token')).toBe(false);
    expect(await listConnections()).toEqual([]);
  });

  it('refuses a code that was already used', async () => {
    let firstCode = '';
    answerConsent('approve', DEMO.spaceId, (redirect) => {
      firstCode = redirect.searchParams.get('code') ?? '';
      return redirect;
    });
    await signInWithOAuth(await settingsFor());
    // A second sign-in whose redirect replays the first code (with this attempt's state).
    answerConsent('approve', DEMO.spaceId, (redirect) => {
      redirect.searchParams.set('code', firstCode);
      return redirect;
    });
    const refused = signInWithOAuth(await settingsFor());
    await expect(refused).rejects.toBeInstanceOf(OAuthError);
    await expect(refused).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('reports Deny as access_denied', async () => {
    answerConsent('deny', DEMO.spaceId);
    await expect(signInWithOAuth(await settingsFor())).rejects.toMatchObject({ code: 'access_denied' });
  });
});

describe('access token lifetime', () => {
  it('refreshes once the server says the hour has passed, and keeps working', async () => {
    await signInToDemo();
    const before = await oauthSecret(DEMO.spaceId);
    await emulator.control.advanceClock(3_700);
    const api = await apiForSpace(DEMO.spaceId);
    expect((await api.getSpace()).title).toBe('Demo space');
    expect(await refreshRequests()).toHaveLength(1);
    const after = await oauthSecret(DEMO.spaceId);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
  });

  it('refreshes before use when the stored expiry is near, without a refused request', async () => {
    await signInToDemo();
    await writeSecret({ ...(await oauthSecret(DEMO.spaceId)), expiresAt: Date.now() + 10_000 });
    await (await apiForSpace(DEMO.spaceId)).getSpace();
    const entries = await log();
    expect(entries.filter((entry) => entry.status === 401)).toEqual([]);
    expect(entries.filter((entry) => entry.grantType === 'refresh_token')).toHaveLength(1);
  });

  it('makes exactly one refresh request for 10 parallel calls with an expired token', async () => {
    await signInToDemo();
    await emulator.control.advanceClock(3_700);
    const api = await apiForSpace(DEMO.spaceId);
    const spaces = await Promise.all(Array.from({ length: 10 }, () => api.getSpace()));
    expect(spaces.map((space) => space.title)).toEqual(Array(10).fill('Demo space'));
    expect(await refreshRequests()).toHaveLength(1);
  });

  it('never reuses a rotated-out refresh token', async () => {
    await signInToDemo();
    const seen = new Set([(await oauthSecret(DEMO.spaceId)).refreshToken]);
    for (let round = 0; round < 3; round += 1) {
      await emulator.control.advanceClock(3_700);
      await (await apiForSpace(DEMO.spaceId)).getSpace();
      const { refreshToken } = await oauthSecret(DEMO.spaceId);
      expect(seen.has(refreshToken)).toBe(false);
      seen.add(refreshToken);
    }
    const refreshes = await refreshRequests();
    expect(refreshes).toHaveLength(3);
    expect(refreshes.every((entry) => entry.status === 200)).toBe(true);
  });

  it('keeps the connection across a restarted worker (tokens come back from IndexedDB)', async () => {
    await signInToDemo();
    vi.resetModules(); // A restarted worker: every module, and what it holds in memory, starts anew.
    const restarted = await import('./space-api');
    expect((await (await restarted.apiForSpace(DEMO.spaceId)).getSpace()).id).toBe(DEMO.spaceId);
  });

  it('marks the connection "needs sign-in" when the refresh token is refused, and keeps it', async () => {
    await signInToDemo();
    const secret = await oauthSecret(DEMO.spaceId);
    await emulator.control.revokeToken(secret.refreshToken ?? '');
    await expect((await apiForSpace(DEMO.spaceId)).getSpace()).rejects.toBeInstanceOf(NotAuthenticatedError);
    expect((await getConnection(DEMO.spaceId))?.state).toBe('needs-sign-in');
    expect(await readSecret(DEMO.spaceId)).toEqual(secret);

    // Signing in again clears it.
    await signInToDemo();
    expect((await getConnection(DEMO.spaceId))?.state).toBe('connected');
  });
});

describe('disconnect', () => {
  it('revokes the refresh token, which ends the access token too', async () => {
    await signInToDemo();
    const { accessToken } = await oauthSecret(DEMO.spaceId);
    expect(await disconnect(DEMO.spaceId)).toEqual({ revoked: true });
    expect(await listConnections()).toEqual([]);
    const answer = await fetch(`${emulator.url}/space`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(answer.status).toBe(401);
  });

  it('forgets the connection even when the server is unreachable, and revokes later', async () => {
    await signInToDemo();
    const { accessToken } = await oauthSecret(DEMO.spaceId);
    await emulator.control.addFault({ path: '/oauth/revoke', drop: 'before', times: 1 });
    expect(await disconnect(DEMO.spaceId)).toEqual({ revoked: false });
    expect(await listConnections()).toEqual([]);
    expect(await readSecret(DEMO.spaceId)).toBeUndefined();
    expect(await fakeBrowser.alarms.get(REVOCATION_ALARM)).toMatchObject({ periodInMinutes: 5 });

    expect(await retryPendingRevocations()).toBe(0);
    const answer = await fetch(`${emulator.url}/space`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(answer.status).toBe(401);
  });
});

describe('signing in again', () => {
  async function refreshWith(refreshToken: string): Promise<number> {
    const answer = await fetch(`${emulator.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'space-clipper',
      }),
    });
    return answer.status;
  }

  it('revokes the refresh token it replaces, so the earlier sign-in ends at the server', async () => {
    await signInToDemo();
    const replaced = await oauthSecret(DEMO.spaceId);
    await signInToDemo();
    const current = await oauthSecret(DEMO.spaceId);
    expect(current.refreshToken).not.toBe(replaced.refreshToken);
    expect(await refreshWith(replaced.refreshToken as string)).toBe(400);
    expect((await (await apiForSpace(DEMO.spaceId)).getSpace()).id).toBe(DEMO.spaceId);
  });

  it('with a personal token instead revokes the sign-in it replaces too', async () => {
    await signInToDemo();
    const replaced = await oauthSecret(DEMO.spaceId);
    await connectWithPersonalToken(emulator.url, DEMO_TOKENS.demo);
    expect(await refreshWith(replaced.refreshToken as string)).toBe(400);
    expect(await readSecret(DEMO.spaceId)).toMatchObject({ method: 'token' });
  });
});
