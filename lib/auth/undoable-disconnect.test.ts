// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEMO, RESEARCH } from '../../tests/emulator/seed.ts';
import { type RunningEmulator, startEmulator } from '../../tests/emulator/server.ts';
import { answerConsent } from '../../tests/support/emulator-consent';
import { emulatorControl } from '../../tests/support/emulator-control.ts';
import { trustedClipSettings } from '../choices';
import { getConnection, listConnections } from './connections';
import { signInWithOAuth } from './oauth-sign-in';
import { readSecret } from './secrets';
import { effectiveServiceSettings, saveServiceSettings } from './settings';
import {
  carryOutDueDisconnects,
  DISCONNECT_ALARM,
  disconnectLater,
  finishInterruptedDisconnects,
  UNDO_MS,
  undoDisconnect,
} from './undoable-disconnect';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  emulator.reset();
  await saveServiceSettings({ apiBaseUrl: emulator.url });
  Object.assign(fakeBrowser.runtime, { getManifest: () => ({ host_permissions: [] }) });
  Object.assign(fakeBrowser.permissions, { remove: vi.fn(async () => true) });
});
afterEach(() => {
  vi.useRealTimers();
});

const revocations = async () =>
  (await emulatorControl(emulator.url).log()).filter((entry) => entry.path === '/oauth/revoke');

async function signInTo(spaceId: string) {
  answerConsent('approve', spaceId);
  const connection = await signInWithOAuth(await effectiveServiceSettings());
  // Time is the test's from here: the undo window passes when the test says so.
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
  return connection;
}

describe('Disconnect', () => {
  it('hides the space at once and revokes its sign-in only once the undo time has passed', async () => {
    await signInTo(DEMO.spaceId);
    const secret = await readSecret(DEMO.spaceId);
    await disconnectLater(DEMO.spaceId);

    expect(await listConnections()).toEqual([]);
    expect((await trustedClipSettings.getValue()).defaultSpaceId).toBeNull();
    expect(await readSecret(DEMO.spaceId)).toEqual(secret);
    expect(await fakeBrowser.alarms.get(DISCONNECT_ALARM)).toMatchObject({ scheduledTime: Date.now() + UNDO_MS });
    await carryOutDueDisconnects();
    expect(await revocations()).toEqual([]);

    // The timer (or, for a background that was stopped meanwhile, the alarm) carries it out.
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    await carryOutDueDisconnects();
    expect(await revocations()).toEqual([expect.objectContaining({ status: 200 })]);
    expect(await readSecret(DEMO.spaceId)).toBeUndefined();
    expect(await undoDisconnect(DEMO.spaceId)).toBe(false);
  });

  it('followed by Undo keeps the space as it was, with its tokens, and nothing reaches the server', async () => {
    await signInTo(RESEARCH.spaceId);
    const connection = await getConnection(RESEARCH.spaceId);
    const secret = await readSecret(RESEARCH.spaceId);
    await disconnectLater(RESEARCH.spaceId);
    expect(await undoDisconnect(RESEARCH.spaceId)).toBe(true);

    await vi.advanceTimersByTimeAsync(UNDO_MS);
    await carryOutDueDisconnects();
    expect(await listConnections()).toEqual([connection]);
    expect((await trustedClipSettings.getValue()).defaultSpaceId).toBe(RESEARCH.spaceId);
    expect(await readSecret(RESEARCH.spaceId)).toEqual(secret);
    expect(await revocations()).toEqual([]);
  });

  it('cut short by the browser closing within the undo time is carried out when the browser starts again', async () => {
    await signInTo(RESEARCH.spaceId);
    vi.useRealTimers();
    await signInTo(DEMO.spaceId);
    const research = await readSecret(RESEARCH.spaceId);
    await disconnectLater(DEMO.spaceId);
    // The browser closes: storage.session goes with it, the pending disconnect included.
    await fakeBrowser.storage.session.clear();
    expect(await revocations()).toEqual([]);

    await finishInterruptedDisconnects();
    expect(await revocations()).toEqual([expect.objectContaining({ status: 200 })]);
    expect(await readSecret(DEMO.spaceId)).toBeUndefined();
    expect(await listConnections()).toEqual([expect.objectContaining({ spaceId: RESEARCH.spaceId })]);
    expect(await readSecret(RESEARCH.spaceId)).toEqual(research);
  });

  it('still within its undo time is left to Undo when the browser starts', async () => {
    await signInTo(DEMO.spaceId);
    await disconnectLater(DEMO.spaceId);
    await finishInterruptedDisconnects();
    expect(await revocations()).toEqual([]);
    expect(await undoDisconnect(DEMO.spaceId)).toBe(true);
  });
});
