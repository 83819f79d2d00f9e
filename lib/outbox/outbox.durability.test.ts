// @vitest-environment node
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../tests/emulator/seed.ts';
import {
  addFault,
  appendClip,
  ascending,
  clearFaults,
  clock,
  createHarness,
  entityIds,
  type Harness,
  markdownOf,
  newTag,
  occurrences,
  positions,
  processed,
  START,
  weblinkClip,
  weblinksOf,
} from '../../tests/support/outbox-harness';
import { testEmulator } from '../../tests/support/test-emulator.ts';
import type { StoredClip } from '../clips/registry';
import type { LandedClip } from '../clips/stored-clip';
import { db } from '../db';
import { DB_NAME, DB_VERSION, type Db } from '../db/schema';
import { HISTORY_LIMIT } from './records';

// Reset below, once the clock is back at the start.
const emulator = testEmulator({ now: () => clock.now, dailyNoteDelayMs: 5, resetBeforeEach: false });
let harness: Harness;

beforeEach(async () => {
  clock.now = START;
  await emulator.control.reset();
  harness = createHarness(emulator);
});

/** A separate connection, as another context (or the next worker) would see the database. */
async function storedClips(): Promise<StoredClip[]> {
  const connection = (await openDB(DB_NAME, DB_VERSION)) as unknown as Db;
  try {
    return await connection.getAll('outbox');
  } finally {
    connection.close();
  }
}

describe('writing a clip down before sending it', () => {
  it('stores the clip, and the step about to be sent, before the request leaves', async () => {
    const seenAtRequest: StoredClip[][] = [];
    const worker = await harness.startWorker({
      beforeRequest: async () => void seenAtRequest.push(await storedClips()),
    });
    const made = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/durable' }));

    expect(await storedClips()).toEqual([made]);
    await worker.outbox.drain();

    expect(seenAtRequest[0]).toHaveLength(1);
    expect(seenAtRequest[0]?.[0]).toMatchObject({ id: made.id, inFlight: { step: { kind: 'create-weblink' } } });
    expect(await storedClips()).toEqual([]);
  });

  it('keeps a clip whose every request is dropped, and a restarted worker lands it exactly once', async () => {
    await addFault(emulator, { drop: 'before' });
    const first = await harness.startWorker();
    const made = await first.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/offline' }));
    await first.outbox.drain();
    await first.outbox.drain();

    const [kept] = await storedClips();
    expect(kept).toMatchObject({ id: made.id, state: 'pending', lastError: { kind: 'network' } });
    await first.stop();

    await clearFaults(emulator);
    const second = await harness.startWorker();
    expect((await second.outbox.list()).map((clip) => clip.id)).toEqual([made.id]);
    await harness.settle(second);

    expect(await weblinksOf(emulator, 'https://example.com/offline')).toHaveLength(1);
    expect(await processed(emulator, 'POST /object/url')).toBe(1);
    expect(await second.outbox.list()).toEqual([]);
    expect((await second.outbox.history()).map((clip) => clip.id)).toEqual([made.id]);
  });

  it('does not send a clip again when the worker stopped after the server applied it', async () => {
    const first = await harness.startWorker({ stopAfterRequests: 1 });
    await first.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/stopped-after' }));
    void first.outbox.drain();
    await first.stopped;
    await first.stop();
    expect(await storedClips()).toMatchObject([{ inFlight: { step: { kind: 'create-weblink' } } }]);

    const second = await harness.startWorker();
    await harness.settle(second);

    expect(await weblinksOf(emulator, 'https://example.com/stopped-after')).toHaveLength(1);
    expect(await processed(emulator, 'POST /object/url')).toBe(1);
    expect(await storedClips()).toEqual([]);
  });

  it('sends a clip again when the worker stopped and its request never reached the server', async () => {
    await addFault(emulator, { path: '/object/url', drop: 'before', times: 1 });
    const first = await harness.startWorker({ stopAfterRequests: 1 });
    await first.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/stopped-before' }));
    void first.outbox.drain();
    await first.stopped;
    await first.stop();
    expect(await storedClips()).toMatchObject([{ inFlight: { step: { kind: 'create-weblink' } } }]);

    const second = await harness.startWorker();
    await harness.settle(second);

    expect(await weblinksOf(emulator, 'https://example.com/stopped-before')).toHaveLength(1);
    expect(await storedClips()).toEqual([]);
  });

  it('resumes a multi-part append where the stopped worker left it, each part once and in order', async () => {
    const parts = ['Resume part one.', 'Resume part two.', 'Resume part three.'];
    // Three requests: the first part learns this server's Markdown route (POST /blocks/append
    // refuses Markdown in the spec profile, /blocks/markdown/append takes it), the second goes
    // straight there and is cut off.
    const first = await harness.startWorker({ stopAfterRequests: 3 });
    await first.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, parts));
    void first.outbox.drain();
    await first.stopped;
    await first.stop();
    expect(await storedClips()).toMatchObject([{ inFlight: { step: { index: 1 } }, progress: { partsLanded: 1 } }]);

    const second = await harness.startWorker();
    await harness.settle(second);

    const body = await markdownOf(emulator, DEMO.pages.empty);
    expect(parts.map((part) => occurrences(body, part))).toEqual([1, 1, 1]);
    expect(positions(body, parts)).toEqual(ascending(positions(body, parts)));
  });

  it('uses the ids of tags an earlier worker created, sending only what did not land', async () => {
    await addFault(emulator, { path: '/object/url', status: 500, times: 1 });
    const first = await harness.startWorker();
    await first.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/tags-kept', tags: [newTag('Constructor'), newTag('__proto__')] }),
    );
    await first.outbox.drain();
    expect(first.sent.filter((request) => request.path === '/object')).toHaveLength(2);
    await first.stop();

    const second = await harness.startWorker();
    await harness.settle(second);

    expect(second.sent).toEqual([{ method: 'POST', path: '/object/url' }]);
    const [weblink] = await weblinksOf(emulator, 'https://example.com/tags-kept');
    expect(entityIds(weblink, 'tags')).toHaveLength(2);
  });

  it('gives clips made after a restart later places, so their order holds across workers', async () => {
    const first = await harness.startWorker();
    await addFault(emulator, { drop: 'before' });
    const a = await first.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Across workers A.']));
    await first.outbox.drain();
    await first.stop();

    clock.now -= 60_000; // the computer's clock was set back meanwhile
    const second = await harness.startWorker();
    const b = await second.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Across workers B.']));
    expect(b.seq).toBeGreaterThan(a.seq);
    await clearFaults(emulator);
    await harness.settle(second);

    const body = await markdownOf(emulator, DEMO.pages.empty);
    expect(body.indexOf('Across workers A.')).toBeLessThan(body.indexOf('Across workers B.'));
  });
});

describe('enqueue and drain at the same time', () => {
  it('starts a clip made during a drain at once, without waiting for a slow request of another target', async () => {
    await addFault(emulator, { path: '/object/url', delayMs: 600, times: 1 });
    let weblinkSent = () => {};
    const sent = new Promise<void>((resolve) => {
      weblinkSent = resolve;
    });
    const worker = await harness.startWorker({
      beforeRequest: (request) => {
        if (request.path === '/object/url') weblinkSent();
      },
    });
    const slow = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/slow' }));
    const draining = worker.outbox.drain();
    await sent;
    const quick = await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Quick one.']));
    const startedAt = performance.now();
    void worker.outbox.drain();

    await expect.poll(() => harness.landed.map((clip) => clip.id), { timeout: 500, interval: 10 }).toContain(quick.id);
    expect(performance.now() - startedAt).toBeLessThan(500);
    expect(harness.landed.map((clip) => clip.id)).not.toContain(slow.id);
    await draining;
    expect(harness.landed.map((clip) => clip.id)).toEqual([quick.id, slow.id]);
  });

  it('shares one run between drains asked at the same time, sending each clip once', async () => {
    const worker = await harness.startWorker();
    await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Shared run.']));
    await Promise.all([worker.outbox.drain(), worker.outbox.drain(), worker.outbox.drain()]);
    expect(await processed(emulator, 'POST /blocks/markdown/append')).toBe(1);
    expect(occurrences(await markdownOf(emulator, DEMO.pages.empty), 'Shared run.')).toBe(1);
  });
});

describe('storage across versions', () => {
  it('creates the outbox and history stores, with their indexes, on a fresh install', async () => {
    const database = await db();
    expect([...database.objectStoreNames].sort()).toEqual(['history', 'outbox', 'revocations', 'secrets', 'settings']);
    const tx = database.transaction(['outbox', 'history']);
    expect([...tx.objectStore('outbox').indexNames]).toEqual(['bySeq']);
    expect([...tx.objectStore('history').indexNames]).toEqual(['byLandedAt']);
    expect(tx.objectStore('outbox').keyPath).toBe('id');
  });

  it('delivers a clip stored by the previous install of this version', async () => {
    const earlier: StoredClip = {
      v: 1,
      id: 'clip-from-before-the-update',
      seq: 1,
      spaceId: DEMO.spaceId,
      createdAt: START - 3_600_000,
      clip: appendClip(DEMO.pages.empty, ['Queued before the update.']),
      state: 'pending',
      attempts: 3,
      nextAttemptAt: START - 1,
      inFlight: null,
      progress: { tagIds: {}, objectId: DEMO.pages.empty, partsLanded: 0 },
      lastError: null,
      events: [],
    };
    await (await db()).put('outbox', earlier);

    const worker = await harness.startWorker();
    await harness.settle(worker);

    expect(occurrences(await markdownOf(emulator, DEMO.pages.empty), 'Queued before the update.')).toBe(1);
    expect(harness.landed.map((clip) => clip.id)).toEqual([earlier.id]);
  });

  it('leaves a clip written by a newer version untouched instead of sending or dropping it', async () => {
    const newer = {
      v: 2,
      id: 'clip-from-a-newer-version',
      seq: 1,
      spaceId: DEMO.spaceId,
      createdAt: START,
      clip: { kind: 'append', objectId: DEMO.pages.empty, content: { parts: ['Newer shape.'] } },
      state: 'pending',
      nextAttemptAt: START,
      progress: {},
      events: [],
    };
    await (await db()).put('outbox', newer as unknown as StoredClip);

    const worker = await harness.startWorker();
    await worker.outbox.drain();

    expect(await worker.outbox.list()).toEqual([]);
    expect(worker.sent).toEqual([]);
    expect(await storedClips()).toEqual([newer]);
  });
});

describe('landing', () => {
  it('moves the clip from the outbox to the history in one step, and keeps the newest 100', async () => {
    const database = await db();
    for (let i = 0; i < HISTORY_LIMIT; i += 1) {
      const old: LandedClip = {
        id: `old-${i}`,
        spaceId: DEMO.spaceId,
        kind: 'append',
        title: `Old ${i}`,
        sourceUrl: 'https://example.com',
        objectId: null,
        createdAt: START - 1_000_000 + i,
        landedAt: START - 1_000_000 + i,
      };
      await database.put('history', old);
    }
    const worker = await harness.startWorker();
    const made = [
      await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Landing one.'])),
      await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Landing two.'])),
    ];
    await harness.settle(worker);

    const history = await worker.outbox.history();
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(new Set(history.slice(0, 2).map((clip) => clip.id))).toEqual(new Set(made.map((clip) => clip.id)));
    expect(history.map((clip) => clip.id)).not.toContain('old-0');
    expect(history.map((clip) => clip.id)).not.toContain('old-1');
    expect(history.at(-1)?.id).toBe('old-2');
    expect(await storedClips()).toEqual([]);
  });

  it('keeps a landed clip landed when the observer told of it throws', async () => {
    const worker = await harness.startWorker({ throwingObservers: true });
    await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Observer throws.']));
    await harness.settle(worker);
    await harness.settle(worker);

    expect(await worker.outbox.list()).toEqual([]);
    expect(await storedClips()).toEqual([]);
    expect(occurrences(await markdownOf(emulator, DEMO.pages.empty), 'Observer throws.')).toBe(1);
    expect(await worker.outbox.history()).toHaveLength(1);
  });
});

describe('when storage fails', () => {
  it('never rejects a drain, and asks to be woken later instead of spinning', async () => {
    const worker = await harness.startWorker({ database: () => Promise.reject(new Error('disk full')) });
    await expect(worker.outbox.drain()).resolves.toBeUndefined();
    expect(harness.lastWake).toBe(START + 30_000);
  });
});
