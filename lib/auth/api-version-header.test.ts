// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEMO, DEMO_TOKENS, RESEARCH } from '../../tests/emulator/seed.ts';
import { type RunningEmulator, startEmulator } from '../../tests/emulator/server.ts';
import { VERSION_HEADER } from '../../tests/emulator/version-header.ts';
import { answerConsent } from '../../tests/support/emulator-consent';
import { BUILD_API_HEADERS } from '../build-config';
import { signInWithOAuth } from './oauth-sign-in';
import { connectWithPersonalToken } from './personal-token';
import { saveServiceSettings } from './settings';
import { apiForSpace } from './space-api';

/**
 * The background against a service that requires the API-version header (the published profile
 * started with `requireVersionHeader`): checking a new token, signing in, and every call of a
 * connected space carry it, so none is refused.
 */
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, profile: 'published', requireVersionHeader: VERSION_HEADER });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  emulator.reset();
  Object.assign(fakeBrowser.runtime, { getManifest: () => ({ host_permissions: [] }) });
  Object.assign(fakeBrowser.permissions, { remove: vi.fn(async () => true) });
  await saveServiceSettings({ apiBaseUrl: emulator.url });
});

describe('the API-version header of a build', () => {
  it('is by default the published form, named for this service, with the version 1.0.0', () => {
    expect(BUILD_API_HEADERS).toEqual({ [VERSION_HEADER]: '1.0.0' });
  });

  it('goes with every request a connection makes, so a service that requires it serves them', async () => {
    await connectWithPersonalToken(emulator.url, DEMO_TOKENS.demo);
    answerConsent('approve', RESEARCH.spaceId);
    await signInWithOAuth({ baseUrl: emulator.url, clientId: 'space-clipper' });
    for (const spaceId of [DEMO.spaceId, RESEARCH.spaceId]) {
      const api = await apiForSpace(spaceId);
      expect((await api.getSpace()).id).toBe(spaceId);
      await api.search({ query: 'Reading', limit: 5 });
    }
    expect(emulator.violations()).toEqual([]);
  });
});
