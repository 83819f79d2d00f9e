// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEMO, DEMO_TOKENS } from '../../tests/emulator/seed.ts';
import { type RunningEmulator, startEmulator } from '../../tests/emulator/server.ts';
import { answerConsent } from '../../tests/support/emulator-consent';
import { emulatorControl } from '../../tests/support/emulator-control.ts';
import { serializeApiError } from '../api';
import { describeError } from '../error-text';
import { signInWithOAuth } from './oauth-sign-in';
import { connectWithPersonalToken } from './personal-token';
import { writeSecret } from './secrets';
import { saveServiceSettings } from './settings';

/**
 * A space connected through one service, and a second service (another base URL) that answers
 * `GET /space` with that space's id: a second emulator, seeded alike, knows the same space id and
 * takes the same personal tokens. It must not take the space's token, nor where its clips go.
 */
let first: RunningEmulator;
let second: RunningEmulator;

beforeAll(async () => {
  [first, second] = await Promise.all([startEmulator({ port: 0 }), startEmulator({ port: 0 })]);
});
afterAll(() => Promise.all([first.close(), second.close()]));
beforeEach(async () => {
  first.reset();
  second.reset();
  Object.assign(fakeBrowser.runtime, { getManifest: () => ({ host_permissions: [] }) });
  Object.assign(fakeBrowser.permissions, { remove: vi.fn(async () => true) });
  await saveServiceSettings({ apiBaseUrl: first.url });
  await connectWithPersonalToken(first.url, DEMO_TOKENS.demo);
  // The person (or anything that made them) now points the options page at the second service.
  await saveServiceSettings({ apiBaseUrl: second.url });
});

const requestsTo = async (emulator: RunningEmulator) =>
  (await emulatorControl(emulator.url).log()).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);

async function expectStillThroughFirst(): Promise<void> {
  vi.resetModules(); // What IndexedDB holds, as a restarted worker reads it: nothing from memory.
  const { readSecret } = await import('./secrets');
  const { listConnections } = await import('./connections');
  const { apiForSpace } = await import('./space-api');
  expect(await readSecret(DEMO.spaceId)).toEqual({
    spaceId: DEMO.spaceId,
    method: 'token',
    token: DEMO_TOKENS.demo,
    baseUrl: first.url,
  });
  expect(await listConnections()).toHaveLength(1);
  second.context.log.clear();
  await (await apiForSpace(DEMO.spaceId)).getSpace();
  expect(await requestsTo(second)).toEqual([]);
}

describe('a space already connected through another service', () => {
  it('keeps its token when a personal token of the second service names the same space', async () => {
    const refused = connectWithPersonalToken(second.url, DEMO_TOKENS.demo);
    await expect(refused).rejects.toMatchObject({ kind: 'invalid_input', code: 'space_connected_elsewhere' });
    await expectStillThroughFirst();
  });

  it('keeps its token when a sign-in at the second service names the same space, and revokes what that sign-in issued', async () => {
    answerConsent('approve', DEMO.spaceId);
    await expect(signInWithOAuth({ baseUrl: second.url, clientId: 'space-clipper' })).rejects.toMatchObject({
      code: 'space_connected_elsewhere',
    });
    expect(await requestsTo(second)).toContain('POST /oauth/revoke 200');
    await expectStillThroughFirst();
  });

  it('says why, and what to do, in the person’s language', async () => {
    const error = await connectWithPersonalToken(second.url, DEMO_TOKENS.demo).then(
      () => expect.unreachable('connected'),
      serializeApiError,
    );
    expect(describeError(error, 'token')).toBe(
      `This space is already connected through another Workspace Notes address (${first.url}), so nothing was changed. Disconnect it there first, then connect it again here.`,
    );
  });

  it('is refused by the database itself: tokens are keyed by service and space, one service per space', async () => {
    await expect(
      writeSecret({ spaceId: DEMO.spaceId, method: 'token', token: 'cap-api-other', baseUrl: second.url }),
    ).rejects.toMatchObject({ name: 'ConstraintError' });
    await expectStillThroughFirst();
  });
});
