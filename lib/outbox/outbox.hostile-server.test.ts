// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FaultRuleInput } from '../../tests/emulator/control-api.ts';
import { DEMO, DEMO_TOKENS } from '../../tests/emulator/seed.ts';
import {
  addFault,
  clearFaults,
  clock,
  outboxSuite,
  processed,
  seededRandom,
  type Worker,
  weblinkClip,
  weblinksOf,
} from '../../tests/support/outbox-harness';
import { createMemoryTraits, createPacer, createWorkspaceApi } from '../api';

/**
 * A server that answers every weblink create with a refusal that says nothing usable, as the
 * background meets it: every request through the API client's pacer, which the outbox asks
 * before starting a clip. The clock is the harness's fake one: 45 s here take no real time.
 */

const suite = outboxSuite();
const CREATE = 'POST /object/url';

/** A worker whose API goes through a pacer on the shared clock, as `apiForSpace` does. */
function pacedWorker(): Promise<Worker> {
  const pacer = createPacer({ now: () => clock.now, random: seededRandom(11) });
  const api = createWorkspaceApi({
    baseUrl: suite.emulator.url,
    fetch: globalThis.fetch,
    traits: createMemoryTraits(),
    auth: { getAccessToken: async () => DEMO_TOKENS.demo, refreshAfterUnauthorized: async () => DEMO_TOKENS.demo },
    pacing: { pacer, scope: DEMO.spaceId },
  });
  return suite.harness.startWorker({
    apiFor: async () => api,
    endpointReadyAt: (spaceId, endpoint) => pacer.readyAt(`${spaceId} ${endpoint}`),
  });
}

/** Drains at every wake-up the outbox asks for, for `ms` of the fake clock. */
async function runFor(worker: Worker, ms: number): Promise<void> {
  const end = clock.now + ms;
  for (let round = 0; round < 1_000; round += 1) {
    await worker.outbox.drain();
    const wake = suite.harness.lastWake;
    if (wake === null || wake > end) return;
    clock.now = Math.max(clock.now, wake);
  }
  throw new Error('the outbox woke a thousand times');
}

/** A 429 on every create (`times` only keeps the unbounded client of old from looping forever). */
const refusing = (headers: Record<string, string>, probability?: number): FaultRuleInput => ({
  method: 'POST',
  path: '/object/url',
  status: 429,
  headers,
  times: 100,
  ...(probability === undefined ? {} : { probability }),
});

describe('a server whose refusals say nothing usable', () => {
  it('45 s of 429s saying reset=0 or Retry-After: 0 draw at most 15 creates; the clip lands once after', async () => {
    const worker = await pacedWorker();
    await addFault(suite.emulator, refusing({ RateLimit: 'limit=10, remaining=0, reset=0' }, 0.5));
    await addFault(suite.emulator, refusing({ 'Retry-After': '0' }, 0.5));
    const made = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/reset-zero' }));

    await runFor(worker, 45_000);
    expect(await processed(suite.emulator, CREATE)).toBeLessThan(15);

    await clearFaults(suite.emulator);
    await suite.harness.settle(worker);
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([made.id]);
    expect(await weblinksOf(suite.emulator, 'https://example.com/reset-zero')).toHaveLength(1);
  });

  it('a reset given as an epoch time in ms is no wait at all: the clip lands within a minute once the server is well', async () => {
    const worker = await pacedWorker();
    await addFault(suite.emulator, refusing({ RateLimit: 'limit=10, remaining=0, reset=1772445600000' }));
    const made = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/epoch' }));

    await runFor(worker, 30_000);
    // Asked again on the client's own back-off, not once and then never.
    expect(await processed(suite.emulator, CREATE)).toBeGreaterThan(1);
    expect(await processed(suite.emulator, CREATE)).toBeLessThan(15);
    expect((await worker.outbox.get(made.id))?.nextAttemptAt).toBeLessThanOrEqual(clock.now + 5 * 60_000);

    await clearFaults(suite.emulator);
    const wellAgain = clock.now;
    await suite.harness.settle(worker);
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([made.id]);
    expect(clock.now - wellAgain).toBeLessThanOrEqual(60_000);
  });

  it('5xx answers to many clips at once: the endpoint still gets fewer than 15 in a minute', async () => {
    const worker = await pacedWorker();
    await addFault(suite.emulator, { method: 'POST', path: '/object/url', status: 503, times: 500 });
    for (let index = 0; index < 30; index += 1) {
      await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: `https://example.com/down/${index}` }));
    }

    await runFor(worker, 59_000);
    expect(await processed(suite.emulator, CREATE)).toBeLessThan(15);

    await clearFaults(suite.emulator);
    await suite.harness.settle(worker);
    expect(suite.harness.landed).toHaveLength(30);
  });
});
