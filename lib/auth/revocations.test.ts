// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { FaultRuleInput } from '../../tests/emulator/control-api.ts';
import { testEmulator } from '../../tests/support/test-emulator.ts';
import { db } from '../db';
import { REVOCATION_ALARM, REVOCATION_RETRY_MS, retryPendingRevocations, revokeOrRemember } from './revocations';

const emulator = testEmulator();

beforeEach(() => {
  Object.assign(fakeBrowser.runtime, { getManifest: () => ({ host_permissions: [] }) });
  Object.assign(fakeBrowser.permissions, { remove: vi.fn(async () => true) });
});

async function fault(rule: FaultRuleInput): Promise<void> {
  await emulator.control.addFault({ path: '/oauth/revoke', ...rule });
}

const unreachable = { drop: 'before' } as const;
const refusedForGood = { status: 400, contentType: 'application/json', body: '{"error":"invalid_client"}' };
const busy = { status: 503, contentType: 'application/json', body: '{"error":"temporarily_unavailable"}' };

const START = Date.UTC(2026, 0, 1);
const DAY = 24 * 3_600_000;

async function rememberOne(): Promise<void> {
  await fault({ ...unreachable, times: 1 });
  const revocation = { baseUrl: emulator.url, clientId: 'space-clipper', refreshToken: 'cap-rt-old' };
  expect(await revokeOrRemember(revocation, () => START)).toBe(false);
  expect(await (await db()).count('revocations')).toBe(1);
}

describe('a pending revocation', () => {
  it('is kept while the server is unreachable or busy, for up to 30 days', async () => {
    await rememberOne();
    await fault({ ...unreachable, times: 1 });
    expect(await retryPendingRevocations(() => START + DAY)).toBe(1);
    await fault({ ...busy, times: 1 });
    expect(await retryPendingRevocations(() => START + REVOCATION_RETRY_MS - 1)).toBe(1);
    expect(await (await db()).count('revocations')).toBe(1);
  });

  it('is dropped once it has failed for 30 days', async () => {
    await rememberOne();
    await fault(unreachable);
    expect(await retryPendingRevocations(() => START + 30 * DAY)).toBe(0);
    expect(await (await db()).count('revocations')).toBe(0);
  });

  it('is dropped when the server refuses it for good, not retried forever', async () => {
    await rememberOne();
    await fault(refusedForGood);
    expect(await retryPendingRevocations(() => START + DAY)).toBe(0);
    expect(await (await db()).count('revocations')).toBe(0);
  });

  it('is not even kept when the first attempt is refused for good', async () => {
    await fault(refusedForGood);
    const revocation = { baseUrl: emulator.url, clientId: 'space-clipper', refreshToken: 'cap-rt-old' };
    expect(await revokeOrRemember(revocation)).toBe(false);
    expect(await (await db()).count('revocations')).toBe(0);
    expect(await fakeBrowser.alarms.get(REVOCATION_ALARM)).toBeUndefined();
  });
});
