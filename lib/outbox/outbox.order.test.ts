// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../tests/emulator/seed.ts';
import {
  addFault,
  appendClip,
  ascending,
  clock,
  dailyNoteClip,
  markdownOf,
  occurrences,
  outboxSuite,
  positions,
  weblinkClip,
  weblinksOf,
} from '../../tests/support/outbox-harness';

const suite = outboxSuite();

const invalidInput = (message: string) => JSON.stringify({ error: { code: 'cap_invalid_input', message } });

describe('order within a target', () => {
  it('lands appends to one daily note in the order made, even when the first fails for a while', async () => {
    await addFault(suite.emulator, { path: '/blocks/daily-note/append', status: 500, times: 2 });
    const texts = ['Daily first.', 'Daily second.', 'Daily third.'];
    for (const text of texts) await suite.worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-11', [text]));

    await suite.worker.outbox.drain();
    expect(suite.worker.sent.filter((request) => request.path === '/blocks/daily-note/append')).toHaveLength(1);
    await suite.harness.settle(suite.worker);

    const body = await markdownOf(suite.emulator, DEMO.dailyNotes['2024-06-11']);
    expect(texts.map((text) => occurrences(body, text))).toEqual([1, 1, 1]);
    expect(positions(body, texts)).toEqual(ascending(positions(body, texts)));
  });

  it('lands appends to one object in the order made when a connection drops before the first', async () => {
    await addFault(suite.emulator, { path: '/blocks/markdown/append', drop: 'before', times: 1 });
    const texts = ['Object first.', 'Object second.', 'Object third.'];
    for (const text of texts) await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, [text]));
    await suite.harness.settle(suite.worker);

    expect(await markdownOf(suite.emulator, DEMO.pages.empty)).toBe('Object first.\n\nObject second.\n\nObject third.');
  });

  it('sends two clips of the same page one after another, each as its own weblink', async () => {
    const url = 'https://example.com/twice';
    const first = await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, notes: ['Saved once.'] }));
    const second = await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, notes: ['Saved again.'] }));
    await suite.worker.outbox.drain();

    const weblinks = await weblinksOf(suite.emulator, url);
    expect(weblinks).toHaveLength(2);
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([first.id, second.id]);
    expect(new Set(suite.harness.landed.map((clip) => clip.objectId))).toEqual(new Set(weblinks.map((w) => w.id)));
  });
});

describe('independent targets', () => {
  it('do not wait for a target whose clip waits on a backoff', async () => {
    await addFault(suite.emulator, { path: '/blocks/daily-note/append', status: 503, times: 1 });
    const daily = await suite.worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Waits a little.']));
    const append = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Goes at once.']));
    const page = await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/at-once' }));
    await suite.worker.outbox.drain();

    expect(suite.harness.landed.map((clip) => clip.id).sort()).toEqual([append.id, page.id].sort());
    const waiting = await suite.worker.outbox.get(daily.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, lastError: { kind: 'server', status: 503 } });
    expect(waiting?.nextAttemptAt).toBeGreaterThan(clock.now);
    expect(suite.harness.lastWake).toBe(waiting?.nextAttemptAt);
  });

  it('do not wait for a target whose clip needs its space signed in', async () => {
    const otherSpace = 'b5a0a7c2-0000-4000-8000-000000000000';
    const connected = new Set([DEMO.spaceId]);
    suite.worker = await suite.harness.startWorker({ isConnected: async (spaceId) => connected.has(spaceId) });
    const parked = await suite.worker.outbox.enqueue(otherSpace, appendClip(DEMO.pages.empty, ['Other space.']));
    const sent = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.welcome, ['This space.']));
    await suite.worker.outbox.drain();

    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([sent.id]);
    expect(await suite.worker.outbox.get(parked.id)).toMatchObject({ state: 'needs-sign-in', attempts: 0 });
    expect(suite.harness.lastWake).toBeNull();
  });
});

describe('a failed clip', () => {
  it('does not hold later clips of its target, which land while it waits for a person', async () => {
    await addFault(suite.emulator, {
      path: '/blocks/markdown/append',
      status: 400,
      body: invalidInput('Block rejected'),
      times: 1,
    });
    const refused = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Refused first.']));
    const later = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Landed later.']));
    await suite.harness.settle(suite.worker);

    expect(await suite.worker.outbox.get(refused.id)).toMatchObject({
      state: 'failed',
      lastError: { kind: 'invalid_input', message: 'The workspace refused the request: Block rejected' },
    });
    expect(suite.harness.failed.map((clip) => clip.id)).toEqual([refused.id]);
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([later.id]);

    // Retried after the fix, it lands after the clip that overtook it (README: "Order").
    await suite.worker.outbox.retry(refused.id);
    expect(await markdownOf(suite.emulator, DEMO.pages.empty)).toBe('Landed later.\n\nRefused first.');
  });
});
