// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../tests/emulator/seed.ts';
import { type RunningEmulator, startEmulator } from '../../tests/emulator/server.ts';
import {
  addFault,
  appendClip,
  ascending,
  clock,
  createHarness,
  dailyNoteClip,
  type Harness,
  markdownOf,
  occurrences,
  positions,
  START,
  type Worker,
  weblinkClip,
  weblinksOf,
} from './testing/harness';

let emulator: RunningEmulator;
let harness: Harness;
let worker: Worker;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, now: () => clock.now, dailyNoteDelayMs: 5 });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  clock.now = START;
  emulator.reset();
  harness = createHarness(emulator);
  worker = await harness.startWorker();
});

const invalidInput = (message: string) => JSON.stringify({ error: { code: 'cap_invalid_input', message } });

describe('order within a target', () => {
  it('lands appends to one daily note in the order made, even when the first fails for a while', async () => {
    await addFault(emulator, { path: '/blocks/daily-note/append', status: 500, times: 2 });
    const texts = ['Daily first.', 'Daily second.', 'Daily third.'];
    for (const text of texts) await worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-11', [text]));

    await worker.outbox.drain();
    expect(worker.sent.filter((request) => request.path === '/blocks/daily-note/append')).toHaveLength(1);
    await harness.settle(worker);

    const body = await markdownOf(emulator, DEMO.dailyNotes['2024-06-11']);
    expect(texts.map((text) => occurrences(body, text))).toEqual([1, 1, 1]);
    expect(positions(body, texts)).toEqual(ascending(positions(body, texts)));
  });

  it('lands appends to one object in the order made when a connection drops before the first', async () => {
    await addFault(emulator, { path: '/blocks/markdown/append', drop: 'before', times: 1 });
    const texts = ['Object first.', 'Object second.', 'Object third.'];
    for (const text of texts) await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, [text]));
    await harness.settle(worker);

    expect(await markdownOf(emulator, DEMO.pages.empty)).toBe('Object first.\n\nObject second.\n\nObject third.');
  });

  it('sends two clips of the same page one after another, each as its own weblink', async () => {
    const url = 'https://example.com/twice';
    const first = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, notes: ['Saved once.'] }));
    const second = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, notes: ['Saved again.'] }));
    await worker.outbox.drain();

    const weblinks = await weblinksOf(emulator, url);
    expect(weblinks).toHaveLength(2);
    expect(harness.landed.map((clip) => clip.id)).toEqual([first.id, second.id]);
    expect(new Set(harness.landed.map((clip) => clip.objectId))).toEqual(new Set(weblinks.map((w) => w.id)));
  });
});

describe('independent targets', () => {
  it('do not wait for a target whose clip waits on a backoff', async () => {
    await addFault(emulator, { path: '/blocks/daily-note/append', status: 503, times: 1 });
    const daily = await worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Waits a little.']));
    const append = await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Goes at once.']));
    const page = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/at-once' }));
    await worker.outbox.drain();

    expect(harness.landed.map((clip) => clip.id).sort()).toEqual([append.id, page.id].sort());
    const waiting = await worker.outbox.get(daily.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, lastError: { kind: 'server', status: 503 } });
    expect(waiting?.nextAttemptAt).toBeGreaterThan(clock.now);
    expect(harness.lastWake).toBe(waiting?.nextAttemptAt);
  });

  it('do not wait for a target whose clip needs its space signed in', async () => {
    const otherSpace = 'b5a0a7c2-0000-4000-8000-000000000000';
    const connected = new Set([DEMO.spaceId]);
    worker = await harness.startWorker({ isConnected: async (spaceId) => connected.has(spaceId) });
    const parked = await worker.outbox.enqueue(otherSpace, appendClip(DEMO.pages.empty, ['Other space.']));
    const sent = await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.welcome, ['This space.']));
    await worker.outbox.drain();

    expect(harness.landed.map((clip) => clip.id)).toEqual([sent.id]);
    expect(await worker.outbox.get(parked.id)).toMatchObject({ state: 'needs-sign-in', attempts: 0 });
    expect(harness.lastWake).toBeNull();
  });
});

describe('a failed clip', () => {
  it('does not hold later clips of its target, which land while it waits for a person', async () => {
    await addFault(emulator, {
      path: '/blocks/markdown/append',
      status: 400,
      body: invalidInput('Block rejected'),
      times: 1,
    });
    const refused = await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Refused first.']));
    const later = await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Landed later.']));
    await harness.settle(worker);

    expect(await worker.outbox.get(refused.id)).toMatchObject({
      state: 'failed',
      lastError: { kind: 'invalid_input', message: 'The workspace refused the request: Block rejected' },
    });
    expect(harness.failed.map((clip) => clip.id)).toEqual([refused.id]);
    expect(harness.landed.map((clip) => clip.id)).toEqual([later.id]);

    // Retried after the fix, it lands after the clip that overtook it (README: "Order").
    await worker.outbox.retry(refused.id);
    expect(await markdownOf(emulator, DEMO.pages.empty)).toBe('Landed later.\n\nRefused first.');
  });
});
