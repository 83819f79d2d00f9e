// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../tests/emulator/seed.ts';
import { type RunningEmulator, startEmulator } from '../../tests/emulator/server.ts';
import { DAILY_NOTE_SETTLE_MS } from './reconcile';
import {
  addFault,
  appendClip,
  clock,
  createHarness,
  dailyNoteClip,
  entityIds,
  type Harness,
  markdownOf,
  newTag,
  occurrences,
  processed,
  START,
  tagsTitled,
  type Worker,
  weblinkClip,
  weblinksOf,
} from './testing/harness';
import type { ClipPayload } from './types';

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

async function createWeblinkDirectly(url: string, title: string): Promise<string> {
  const response = await fetch(`${emulator.url}/object/url`, {
    method: 'POST',
    headers: { Authorization: 'Bearer cap-api-demo', 'Content-Type': 'application/json' },
    body: JSON.stringify({ url, properties: { title: { type: 'title', title: { value: title } } } }),
  });
  return ((await response.json()) as { id: string }).id;
}

const dailyBody = () => markdownOf(emulator, DEMO.dailyNotes['2024-06-10']);
const pageBody = () => markdownOf(emulator, DEMO.pages.empty);

describe('an answer lost after the server applied the request', () => {
  it('for a new tag: the retry finds the tag and does not create it again', async () => {
    await addFault(emulator, { method: 'POST', path: '/object', drop: 'after', times: 1 });
    await worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/t', tags: [newTag('Lost tag')] }),
    );
    await harness.settle(worker);

    const tags = await tagsTitled(emulator, 'Lost tag');
    expect(tags).toHaveLength(1);
    expect(await processed(emulator, 'POST /object')).toBe(1);
    expect(entityIds((await weblinksOf(emulator, 'https://example.com/t'))[0], 'tags')).toEqual([tags[0]?.id]);
  });

  it('for a weblink: the retry finds it by title and URL and does not create it again', async () => {
    const made = await worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/w', title: 'Lost weblink', notes: ['First.', 'Second.'] }),
    );
    await addFault(emulator, { path: '/object/url', drop: 'after', times: 1 });
    await worker.outbox.drain();
    expect(await worker.outbox.get(made.id)).toMatchObject({
      inFlight: { step: { kind: 'create-weblink' } },
      lastError: { kind: 'network', mayHaveBeenApplied: true },
    });
    await harness.settle(worker);

    const weblinks = await weblinksOf(emulator, 'https://example.com/w');
    expect(weblinks).toHaveLength(1);
    expect(await processed(emulator, 'POST /object/url')).toBe(1);
    expect(harness.landed[0]?.objectId).toBe(weblinks[0]?.id);
    expect(await markdownOf(emulator, weblinks[0]?.id ?? '')).toBe('First.\n\nSecond.');
  });

  it('for a daily-note append: looks once the note had time to update, and does not append again', async () => {
    await addFault(emulator, { path: '/blocks/daily-note/append', drop: 'after', times: 1 });
    const lost = await worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Lost daily append.']));
    const next = await worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Next daily append.']));
    await worker.outbox.drain();
    expect((await worker.outbox.get(lost.id))?.nextAttemptAt).toBeGreaterThanOrEqual(START + DAILY_NOTE_SETTLE_MS);
    expect(worker.sent.map((request) => request.path)).toEqual(['/blocks/daily-note/append']);
    await harness.settle(worker);

    const body = await dailyBody();
    expect(occurrences(body, 'Lost daily append.')).toBe(1);
    expect(body.indexOf('Lost daily append.')).toBeLessThan(body.indexOf('Next daily append.'));
    expect(await processed(emulator, 'POST /blocks/daily-note/append')).toBe(2);
    expect(harness.landed.map((clip) => clip.id)).toEqual([lost.id, next.id]);
  });

  it('for a daily-note append whose worker stopped: the next worker waits for the note before looking', async () => {
    const first = await harness.startWorker({ stopAfterRequests: 1 });
    await first.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Stopped daily append.']));
    void first.outbox.drain();
    await first.stopped;
    await first.stop();

    const second = await harness.startWorker();
    await second.outbox.drain();
    expect(second.sent).toEqual([]);
    expect(harness.lastWake).toBe(START + DAILY_NOTE_SETTLE_MS);
    await harness.settle(second);

    expect(occurrences(await dailyBody(), 'Stopped daily append.')).toBe(1);
    expect(await second.outbox.list()).toEqual([]);
  });

  it('for a daily-note append whose worker stopped before the clock was set back: looks within the delay', async () => {
    const first = await harness.startWorker({ stopAfterRequests: 1 });
    await first.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Clock set back.']));
    void first.outbox.drain();
    await first.stopped;
    await first.stop();

    clock.now = START - 24 * 3_600_000;
    const second = await harness.startWorker();
    await second.outbox.drain();
    expect(harness.lastWake).toBe(clock.now + DAILY_NOTE_SETTLE_MS);
    await harness.settle(second);

    expect(occurrences(await dailyBody(), 'Clock set back.')).toBe(1);
  });

  it('for an object append: the retry finds the text and does not append again', async () => {
    await addFault(emulator, { path: '/blocks/markdown/append', drop: 'after', times: 1 });
    await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Lost object append.', 'Part two.']));
    await harness.settle(worker);

    expect(await pageBody()).toBe('Lost object append.\n\nPart two.');
    expect(await processed(emulator, 'POST /blocks/markdown/append')).toBe(2);
  });

  it('recognises its text however the service rewrote the Markdown', async () => {
    const part = [
      'Setext heading',
      '==============',
      '',
      '* star bullet with __bold__ and *italic*',
      '+ plus bullet with snake_case and [https://example.com/x](https://example.com/x)',
      '',
      '3. numbered from three',
      '',
      'See [the docs](https://example.com/docs "Docs title") &amp; more 🎉 <https://example.com/auto>',
    ].join('\n');
    await addFault(emulator, { path: '/blocks/markdown/append', drop: 'after', times: 1 });
    await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, [part]));
    await harness.settle(worker);

    expect(await processed(emulator, 'POST /blocks/markdown/append')).toBe(1);
    expect(harness.landed).toHaveLength(1);
  });

  it('sends again a part with nothing to recognise it by (the limit: a divider may repeat)', async () => {
    await addFault(emulator, { path: '/blocks/markdown/append', drop: 'after', times: 1 });
    await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['---']));
    await harness.settle(worker);
    expect(await processed(emulator, 'POST /blocks/markdown/append')).toBe(2);
  });

  it('keeps looking when the lookup itself gets unreadable answers, and still appends once', async () => {
    await addFault(emulator, { path: '/blocks/markdown/append', drop: 'after', times: 1 });
    await addFault(emulator, { path: '/object/markdown', status: 200, body: '{"markdown"', times: 2 });
    await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Looked up thrice.']));
    await harness.settle(worker);

    expect(await processed(emulator, 'POST /blocks/markdown/append')).toBe(1);
    expect(await pageBody()).toBe('Looked up thrice.');
  });

  it('does not fail the clip when a candidate goes to the trash while it is being checked', async () => {
    await createWeblinkDirectly('https://example.com/decoy', 'Shared title');
    await addFault(emulator, { path: '/object/url', drop: 'after', times: 1 });
    let trashed = false;
    worker = await harness.startWorker({
      beforeRequest: async (request) => {
        if (request.method !== 'GET' || request.path !== '/object' || trashed) return;
        trashed = true;
        const other = await createWeblinkDirectly('https://example.com/other', 'Shared title');
        await fetch(`${emulator.url}/object?id=${other}`, {
          method: 'DELETE',
          headers: { Authorization: 'Bearer cap-api-demo' },
        });
      },
    });
    await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/real', title: 'Shared title' }));
    await harness.settle(worker);

    expect(await weblinksOf(emulator, 'https://example.com/real')).toHaveLength(1);
    expect(await worker.outbox.list()).toEqual([]);
  });
});

describe('a request lost before the server processed it', () => {
  const clips: [string, ClipPayload, string][] = [
    ['a new tag', weblinkClip({ url: 'https://example.com/b1', tags: [newTag('Dropped tag')] }), '/object'],
    ['a weblink', weblinkClip({ url: 'https://example.com/b2' }), '/object/url'],
    ['a daily-note append', dailyNoteClip('2024-06-10', ['Dropped daily.']), '/blocks/daily-note/append'],
    ['an object append', appendClip(DEMO.pages.empty, ['Dropped append.']), '/blocks/markdown/append'],
  ];

  it.each(clips)('is looked for, not found, and sent again: %s', async (_name, clip, path) => {
    await addFault(emulator, { method: 'POST', path, drop: 'before', times: 1 });
    const made = await worker.outbox.enqueue(DEMO.spaceId, clip);
    await harness.settle(worker);

    expect(harness.landed.map((landed) => landed.id)).toEqual([made.id]);
    expect(await processed(emulator, `POST ${path}`)).toBe(1);
    if (clip.kind === 'daily-note') expect(occurrences(await dailyBody(), 'Dropped daily.')).toBe(1);
    if (clip.kind === 'append') expect(occurrences(await pageBody(), 'Dropped append.')).toBe(1);
    if (clip.kind === 'page') expect(await weblinksOf(emulator, clip.url)).toHaveLength(1);
    if (clip.kind === 'page' && clip.tags.length > 0) expect(await tagsTitled(emulator, 'Dropped tag')).toHaveLength(1);
  });

  it('never takes a weblink that existed before the clip for its result', async () => {
    const existing = await createWeblinkDirectly('https://example.com/known', 'Known page');
    await addFault(emulator, { path: '/object/url', drop: 'before', times: 1 });
    await worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/known', title: 'Known page', existingObjectIds: [existing] }),
    );
    await harness.settle(worker);

    const weblinks = await weblinksOf(emulator, 'https://example.com/known');
    expect(weblinks).toHaveLength(2);
    expect(harness.landed[0]?.objectId).not.toBe(existing);
  });

  it('never takes an old weblink of the same page, even one the popup did not report', async () => {
    await addFault(emulator, { path: '/object/url', drop: 'before', times: 1 });
    await worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://developer.mozilla.org/', title: 'MDN Web Docs' }),
    );
    await harness.settle(worker);

    expect(await weblinksOf(emulator, 'https://developer.mozilla.org/')).toHaveLength(2);
    expect(harness.landed[0]?.objectId).not.toBe(DEMO.weblinks.mdn);
  });

  it('never takes the weblink an earlier clip of the same page created', async () => {
    const url = 'https://example.com/saved-twice';
    const first = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, title: 'Saved twice' }));
    const second = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, title: 'Saved twice' }));
    await worker.outbox.drain();
    await addFault(emulator, { path: '/object/url', drop: 'before', times: 1 });
    expect(harness.landed.map((clip) => clip.id)).toEqual([first.id, second.id]);

    const third = await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, title: 'Saved twice' }));
    await harness.settle(worker);

    const weblinks = await weblinksOf(emulator, url);
    expect(weblinks).toHaveLength(3);
    expect(new Set(harness.landed.map((clip) => clip.objectId)).size).toBe(3);
    expect(harness.landed.map((clip) => clip.id)).toContain(third.id);
  });
});
