// @vitest-environment node
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../tests/emulator/seed.ts';
import {
  addFault,
  appendClip,
  clock,
  dailyNoteClip,
  entityIds,
  markdownOf,
  newTag,
  occurrences,
  outboxSuite,
  processed,
  START,
  tagsTitled,
  weblinkClip,
  weblinksOf,
} from '../../tests/support/outbox-harness';
import { DAILY_NOTE_SETTLE_MS } from '../clips/lost-answers';
import type { ClipPayload, StoredClip } from '../clips/registry';
import { DB_NAME, DB_VERSION, type Db } from '../db/schema';

const suite = outboxSuite();

async function createWeblinkDirectly(url: string, title: string): Promise<string> {
  const response = await fetch(`${suite.emulator.url}/object/url`, {
    method: 'POST',
    headers: { Authorization: 'Bearer cap-api-demo', 'Content-Type': 'application/json' },
    body: JSON.stringify({ url, properties: { title: { type: 'title', title: { value: title } } } }),
  });
  return ((await response.json()) as { id: string }).id;
}

const dailyBody = () => markdownOf(suite.emulator, DEMO.dailyNotes['2024-06-10']);
const pageBody = () => markdownOf(suite.emulator, DEMO.pages.empty);

describe('an answer lost after the server applied the request', () => {
  it('for a new tag: the retry finds the tag and does not create it again', async () => {
    await addFault(suite.emulator, { method: 'POST', path: '/object', drop: 'after', times: 1 });
    await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/t', tags: [newTag('Lost tag')] }),
    );
    await suite.harness.settle(suite.worker);

    const tags = await tagsTitled(suite.emulator, 'Lost tag');
    expect(tags).toHaveLength(1);
    expect(await processed(suite.emulator, 'POST /object')).toBe(1);
    expect(entityIds((await weblinksOf(suite.emulator, 'https://example.com/t'))[0], 'tags')).toEqual([tags[0]?.id]);
  });

  it('for a weblink: the retry finds it by title and URL and does not create it again', async () => {
    const made = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/w', title: 'Lost weblink', notes: ['First.', 'Second.'] }),
    );
    await addFault(suite.emulator, { path: '/object/url', drop: 'after', times: 1 });
    await suite.worker.outbox.drain();
    expect(await suite.worker.outbox.get(made.id)).toMatchObject({
      inFlight: { step: { kind: 'create-weblink' } },
      lastError: { kind: 'network', mayHaveBeenApplied: true },
    });
    await suite.harness.settle(suite.worker);

    const weblinks = await weblinksOf(suite.emulator, 'https://example.com/w');
    expect(weblinks).toHaveLength(1);
    expect(await processed(suite.emulator, 'POST /object/url')).toBe(1);
    expect(suite.harness.landed[0]?.objectId).toBe(weblinks[0]?.id);
    expect(await markdownOf(suite.emulator, weblinks[0]?.id ?? '')).toBe('First.\n\nSecond.');
  });

  it('for a daily-note append: looks once the note had time to update, and does not append again', async () => {
    await addFault(suite.emulator, { path: '/blocks/daily-note/append', drop: 'after', times: 1 });
    const lost = await suite.worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Lost daily append.']));
    const next = await suite.worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Next daily append.']));
    await suite.worker.outbox.drain();
    expect((await suite.worker.outbox.get(lost.id))?.nextAttemptAt).toBeGreaterThanOrEqual(
      START + DAILY_NOTE_SETTLE_MS,
    );
    expect(suite.worker.sent.map((request) => request.path)).toEqual(['/blocks/daily-note/append']);
    await suite.harness.settle(suite.worker);

    const body = await dailyBody();
    expect(occurrences(body, 'Lost daily append.')).toBe(1);
    expect(body.indexOf('Lost daily append.')).toBeLessThan(body.indexOf('Next daily append.'));
    expect(await processed(suite.emulator, 'POST /blocks/daily-note/append')).toBe(2);
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([lost.id, next.id]);
  });

  it('for a daily-note append whose suite.worker stopped: the next suite.worker waits for the note before looking', async () => {
    const first = await suite.harness.startWorker({ stopAfterRequests: 1 });
    await first.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Stopped daily append.']));
    void first.outbox.drain();
    await first.stopped;
    await first.stop();

    const second = await suite.harness.startWorker();
    await second.outbox.drain();
    expect(second.sent).toEqual([]);
    expect(suite.harness.lastWake).toBe(START + DAILY_NOTE_SETTLE_MS);
    await suite.harness.settle(second);

    expect(occurrences(await dailyBody(), 'Stopped daily append.')).toBe(1);
    expect(await second.outbox.list()).toEqual([]);
  });

  it('for a daily-note append whose suite.worker stopped before the clock was set back: looks within the delay', async () => {
    const first = await suite.harness.startWorker({ stopAfterRequests: 1 });
    await first.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-10', ['Clock set back.']));
    void first.outbox.drain();
    await first.stopped;
    await first.stop();

    clock.now = START - 24 * 3_600_000;
    const second = await suite.harness.startWorker();
    await second.outbox.drain();
    expect(suite.harness.lastWake).toBe(clock.now + DAILY_NOTE_SETTLE_MS);
    await suite.harness.settle(second);

    expect(occurrences(await dailyBody(), 'Clock set back.')).toBe(1);
  });

  it('for an object append: the retry finds the text and does not append again', async () => {
    await addFault(suite.emulator, { path: '/blocks/markdown/append', drop: 'after', times: 1 });
    await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Lost object append.', 'Part two.']));
    await suite.harness.settle(suite.worker);

    expect(await pageBody()).toBe('Lost object append.\n\nPart two.');
    expect(await processed(suite.emulator, 'POST /blocks/markdown/append')).toBe(2);
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
    await addFault(suite.emulator, { path: '/blocks/markdown/append', drop: 'after', times: 1 });
    await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, [part]));
    await suite.harness.settle(suite.worker);

    expect(await processed(suite.emulator, 'POST /blocks/markdown/append')).toBe(1);
    expect(suite.harness.landed).toHaveLength(1);
  });

  it('sends again a part with nothing to recognise it by (the limit: a divider may repeat)', async () => {
    await addFault(suite.emulator, { path: '/blocks/markdown/append', drop: 'after', times: 1 });
    await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['---']));
    await suite.harness.settle(suite.worker);
    expect(await processed(suite.emulator, 'POST /blocks/markdown/append')).toBe(2);
  });

  it('keeps looking when the lookup itself gets unreadable answers, and still appends once', async () => {
    await addFault(suite.emulator, { path: '/blocks/markdown/append', drop: 'after', times: 1 });
    await addFault(suite.emulator, { path: '/object/markdown', status: 200, body: '{"markdown"', times: 2 });
    await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Looked up thrice.']));
    await suite.harness.settle(suite.worker);

    expect(await processed(suite.emulator, 'POST /blocks/markdown/append')).toBe(1);
    expect(await pageBody()).toBe('Looked up thrice.');
  });

  it('does not fail the clip when a candidate goes to the trash while it is being checked', async () => {
    await createWeblinkDirectly('https://example.com/decoy', 'Shared title');
    await addFault(suite.emulator, { path: '/object/url', drop: 'after', times: 1 });
    let trashed = false;
    suite.worker = await suite.harness.startWorker({
      beforeRequest: async (request) => {
        if (request.method !== 'GET' || request.path !== '/object' || trashed) return;
        trashed = true;
        const other = await createWeblinkDirectly('https://example.com/other', 'Shared title');
        await fetch(`${suite.emulator.url}/object?id=${other}`, {
          method: 'DELETE',
          headers: { Authorization: 'Bearer cap-api-demo' },
        });
      },
    });
    await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/real', title: 'Shared title' }),
    );
    await suite.harness.settle(suite.worker);

    expect(await weblinksOf(suite.emulator, 'https://example.com/real')).toHaveLength(1);
    expect(await suite.worker.outbox.list()).toEqual([]);
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
    await addFault(suite.emulator, { method: 'POST', path, drop: 'before', times: 1 });
    const made = await suite.worker.outbox.enqueue(DEMO.spaceId, clip);
    await suite.harness.settle(suite.worker);

    expect(suite.harness.landed.map((landed) => landed.id)).toEqual([made.id]);
    expect(await processed(suite.emulator, `POST ${path}`)).toBe(1);
    if (clip.kind === 'daily-note') expect(occurrences(await dailyBody(), 'Dropped daily.')).toBe(1);
    if (clip.kind === 'append') expect(occurrences(await pageBody(), 'Dropped append.')).toBe(1);
    if (clip.kind === 'page') expect(await weblinksOf(suite.emulator, clip.url)).toHaveLength(1);
    if (clip.kind === 'page' && clip.tags.length > 0)
      expect(await tagsTitled(suite.emulator, 'Dropped tag')).toHaveLength(1);
  });

  it('sends the lost step again after one write, which holds the lookup and the step about to go', async () => {
    const connection = (await openDB(DB_NAME, DB_VERSION)) as unknown as Db;
    const happened: string[] = [];
    const counted = new Proxy(connection, {
      get(target, property) {
        if (property === 'put') {
          return (store: 'outbox', value: StoredClip) => {
            happened.push(`write ${store}`);
            return target.put(store, value);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    let storedAtResend: StoredClip | undefined;
    suite.worker = await suite.harness.startWorker({
      database: async () => counted,
      beforeRequest: async (request) => {
        happened.push(`${request.method} ${request.path}`);
        if (request.path === '/object/url') storedAtResend = (await connection.getAll('outbox'))[0];
      },
    });
    await addFault(suite.emulator, { path: '/object/url', drop: 'before', times: 1 });
    await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/written-once' }));
    await suite.harness.settle(suite.worker);
    connection.close();

    const lookup = happened.indexOf('POST /objects/search');
    const resend = happened.indexOf('POST /object/url', lookup);
    expect(happened.slice(lookup + 1, resend)).toEqual(['write outbox']);
    expect(storedAtResend?.inFlight?.step).toEqual({ kind: 'create-weblink' });
    expect(storedAtResend?.events.at(-1)?.text).toMatch(/^Not found on the server after a lost answer/);
    expect(await weblinksOf(suite.emulator, 'https://example.com/written-once')).toHaveLength(1);
  });

  it('never takes a weblink that existed before the clip for its result', async () => {
    const existing = await createWeblinkDirectly('https://example.com/known', 'Known page');
    await addFault(suite.emulator, { path: '/object/url', drop: 'before', times: 1 });
    await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/known', title: 'Known page', existingObjectIds: [existing] }),
    );
    await suite.harness.settle(suite.worker);

    const weblinks = await weblinksOf(suite.emulator, 'https://example.com/known');
    expect(weblinks).toHaveLength(2);
    expect(suite.harness.landed[0]?.objectId).not.toBe(existing);
  });

  it('never takes an old weblink of the same page, even one the popup did not report', async () => {
    await addFault(suite.emulator, { path: '/object/url', drop: 'before', times: 1 });
    await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://developer.mozilla.org/', title: 'MDN Web Docs' }),
    );
    await suite.harness.settle(suite.worker);

    expect(await weblinksOf(suite.emulator, 'https://developer.mozilla.org/')).toHaveLength(2);
    expect(suite.harness.landed[0]?.objectId).not.toBe(DEMO.weblinks.mdn);
  });

  it('never takes the weblink an earlier clip of the same page created', async () => {
    const url = 'https://example.com/saved-twice';
    const first = await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, title: 'Saved twice' }));
    const second = await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, title: 'Saved twice' }));
    await suite.worker.outbox.drain();
    await addFault(suite.emulator, { path: '/object/url', drop: 'before', times: 1 });
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([first.id, second.id]);

    const third = await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, title: 'Saved twice' }));
    await suite.harness.settle(suite.worker);

    const weblinks = await weblinksOf(suite.emulator, url);
    expect(weblinks).toHaveLength(3);
    expect(new Set(suite.harness.landed.map((clip) => clip.objectId)).size).toBe(3);
    expect(suite.harness.landed.map((clip) => clip.id)).toContain(third.id);
  });
});
