// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FaultRuleInput } from '../../tests/emulator/control-api.ts';
import { DEMO } from '../../tests/emulator/seed.ts';
import {
  addFault,
  appendClip,
  clearFaults,
  clock,
  controlOf,
  dailyNoteClip,
  entityIds,
  existingTag,
  markdownOf,
  newTag,
  occurrences,
  outboxSuite,
  processed,
  requestLog,
  START,
  tagsTitled,
  weblinkClip,
  weblinksOf,
} from '../../tests/support/outbox-harness';
import { getConnection } from '../auth/connections';
import { connectWithPersonalToken } from '../auth/personal-token';
import { saveServiceSettings } from '../auth/settings';
import { apiForSpace } from '../auth/space-api';
import { LOST_REQUEST_SETTLE_MS } from '../clips/lost-answers';
import { UNDO_DISCARD_MS } from '../clips/stored-clip';

const suite = outboxSuite();

describe('transient failures', () => {
  it('retry 5xx answers with a growing, jittered backoff until the clip lands once', async () => {
    await addFault(suite.emulator, { path: '/object/url', status: 500, times: 4 });
    const made = await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/5xx' }));
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await suite.worker.outbox.drain();
      const waiting = await suite.worker.outbox.get(made.id);
      expect(waiting).toMatchObject({ state: 'pending', attempts: attempt, lastError: { kind: 'server' } });
      waits.push((waiting?.nextAttemptAt ?? 0) - clock.now);
      clock.now = waiting?.nextAttemptAt ?? clock.now;
    }
    await suite.worker.outbox.drain();

    waits.forEach((wait, index) => {
      expect(wait).toBeGreaterThanOrEqual(500 * 2 ** index);
      expect(wait).toBeLessThanOrEqual(1000 * 2 ** index);
    });
    expect(new Set(waits.map((wait, index) => wait / 2 ** index)).size).toBeGreaterThan(1);
    expect(await weblinksOf(suite.emulator, 'https://example.com/5xx')).toHaveLength(1);
  });

  it('do not send a clip before its backoff is over', async () => {
    await addFault(suite.emulator, { path: '/blocks/markdown/append', status: 502, times: 1 });
    const made = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['After the backoff.']));
    await suite.worker.outbox.drain();
    const { nextAttemptAt = 0 } = (await suite.worker.outbox.get(made.id)) ?? {};

    clock.now = nextAttemptAt - 1;
    await suite.worker.outbox.drain();
    expect(suite.worker.sent.filter((request) => request.path === '/blocks/markdown/append')).toHaveLength(1);
    clock.now = nextAttemptAt;
    await suite.worker.outbox.drain();
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([made.id]);
  });

  it('go at once when the browser is back online, except a 429, which keeps its wait', async () => {
    await addFault(suite.emulator, { path: '/blocks/markdown/append', drop: 'before', times: 1 });
    await addFault(suite.emulator, { path: '/object/url', status: 429, headers: { 'Retry-After': '30' }, times: 1 });
    const offline = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Back online.']));
    const limited = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/limited' }),
    );
    await suite.worker.outbox.drain();
    expect(suite.harness.landed).toEqual([]);

    // The network comes back a little later (a lost request is looked for once it cannot be on its way).
    clock.now += LOST_REQUEST_SETTLE_MS;
    await suite.worker.outbox.retryWaitingNow();
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([offline.id]);
    expect(await suite.worker.outbox.get(limited.id)).toMatchObject({ nextAttemptAt: START + 30_000 });
  });
});

describe('malformed answers', () => {
  const cases: [string, FaultRuleInput][] = [
    ['invalid JSON', { path: '/object/url', status: 200, body: '{"id": "abc",', contentType: 'application/json' }],
    ['an HTML page with 200', { path: '/object/url', status: 200, body: '<html><body>Sign in to Wi-Fi</body></html>' }],
    ['an empty 200', { path: '/object/url', status: 200, body: '', contentType: 'application/json' }],
    ['a JSON body of the wrong shape', { path: '/object/url', status: 200, body: '{"ok":true}' }],
    ['an HTML error page with 502', { path: '/object/url', status: 502, body: '<html>Bad gateway</html>' }],
    ['an empty 200 to the tag creation', { path: '/object', method: 'POST', status: 200, body: '' }],
    ['an HTML page to the tag search', { path: '/objects/search', status: 200, body: '<!doctype html><p>Proxy</p>' }],
    ['invalid JSON to an append', { path: '/blocks/markdown/append', status: 200, body: '{"blocks": [' }],
  ];

  it.each(cases)('are retried, never dropped and never thrown: %s', async (_name, rule) => {
    await addFault(suite.emulator, { ...rule, times: 2 });
    const made = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/malformed', tags: [newTag('Malformed tag')], notes: ['One.', 'Two.'] }),
    );
    await expect(suite.worker.outbox.drain()).resolves.toBeUndefined();
    await suite.harness.settle(suite.worker);

    expect((await requestLog(suite.emulator)).filter((entry) => entry.fault?.action === 'respond')).toHaveLength(2);
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([made.id]);
    const weblinks = await weblinksOf(suite.emulator, 'https://example.com/malformed');
    expect(weblinks).toHaveLength(1);
    expect(await tagsTitled(suite.emulator, 'Malformed tag')).toHaveLength(1);
    expect(occurrences(await markdownOf(suite.emulator, weblinks[0]?.id ?? ''), 'Two.')).toBe(1);
  });
});

describe('429 Too Many Requests', () => {
  it('waits exactly Retry-After for that endpoint while other endpoints go on', async () => {
    await addFault(suite.emulator, { path: '/object/url', status: 429, headers: { 'Retry-After': '7' }, times: 1 });
    const limited = await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/429-a' }));
    const other = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Other endpoint.']));
    await suite.worker.outbox.drain();

    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([other.id]);
    expect(await suite.worker.outbox.get(limited.id)).toMatchObject({
      nextAttemptAt: START + 7_000,
      lastError: { kind: 'rate_limited', retryAfterMs: 7_000 },
    });
    expect(suite.harness.lastWake).toBe(START + 7_000);

    const sameEndpoint = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/429-b' }),
    );
    clock.now = START + 6_999;
    await suite.worker.outbox.drain();
    expect(await processed(suite.emulator, 'POST /object/url')).toBe(1);
    expect(suite.harness.lastWake).toBe(START + 7_000);

    clock.now = START + 7_000;
    await suite.worker.outbox.drain();
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([other.id, limited.id, sameEndpoint.id]);
  });

  it('on the title search holds back clips that must search, not the others', async () => {
    await addFault(suite.emulator, { path: '/objects/search', status: 429, headers: { 'Retry-After': '5' }, times: 1 });
    const limited = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/search-a', tags: [newTag('Limited tag')] }),
    );
    await suite.worker.outbox.drain();
    expect(await suite.worker.outbox.get(limited.id)).toMatchObject({ nextAttemptAt: START + 5_000 });

    const searching = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/search-b', tags: [newTag('Another tag')] }),
    );
    const plain = await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/search-c' }));
    await suite.worker.outbox.drain();
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([plain.id]);
    expect(suite.worker.sent.filter((request) => request.path === '/objects/search')).toHaveLength(1);

    clock.now = START + 5_000;
    await suite.harness.settle(suite.worker);
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([plain.id, limited.id, searching.id]);
  });
});

describe('401 Unauthorized', () => {
  it('parks the clip as needs-sign-in after one refresh, retrying only on a backoff while signed in', async () => {
    suite.harness.auth.token = 'cap-api-no-longer-valid';
    const made = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['After sign-in.']));
    await suite.worker.outbox.drain();

    expect(suite.harness.auth.refreshes).toBe(1);
    const parked = await suite.worker.outbox.get(made.id);
    expect(parked).toMatchObject({ state: 'needs-sign-in', lastError: { kind: 'not_authenticated' } });
    expect(suite.worker.sent).toHaveLength(2);
    expect(suite.harness.lastWake).toBe(parked?.nextAttemptAt);

    await suite.worker.outbox.drain();
    await suite.worker.outbox.drain();
    expect(suite.worker.sent).toHaveLength(2);

    // Signed out for real: the wake-up finds nothing to do, and none follows.
    suite.harness.auth.connected = false;
    clock.now = parked?.nextAttemptAt ?? clock.now;
    await suite.worker.outbox.drain();
    expect(suite.worker.sent).toHaveLength(2);
    expect(suite.harness.lastWake).toBeNull();

    suite.harness.auth.token = 'cap-api-demo';
    suite.harness.auth.connected = true;
    await suite.worker.outbox.resumeSpace(DEMO.spaceId);
    expect(suite.harness.landed.map((clip) => clip.id)).toEqual([made.id]);
    expect(occurrences(await markdownOf(suite.emulator, DEMO.pages.empty), 'After sign-in.')).toBe(1);
  });

  it('with a revoked personal token waits for the space to be connected again, then sends', async () => {
    await saveServiceSettings({ apiBaseUrl: suite.emulator.url });
    const { token } = await controlOf(suite.emulator).mintToken({ spaceId: DEMO.spaceId });
    await connectWithPersonalToken(suite.emulator.url, token);
    suite.worker = await suite.harness.startWorker({
      apiFor: apiForSpace,
      isConnected: async (spaceId) => (await getConnection(spaceId))?.state === 'connected',
    });
    await controlOf(suite.emulator).revokeToken(token);

    const daily = await suite.worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2026-03-02', ['Waited for sign-in.']));
    const append = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Also waited.']));
    await suite.worker.outbox.drain();
    expect((await suite.worker.outbox.list()).map((clip) => clip.state)).toEqual(['needs-sign-in', 'needs-sign-in']);
    expect((await getConnection(DEMO.spaceId))?.state).toBe('needs-sign-in');

    const { token: fresh } = await controlOf(suite.emulator).mintToken({ spaceId: DEMO.spaceId });
    await connectWithPersonalToken(suite.emulator.url, fresh);
    await suite.worker.outbox.resumeSpace(DEMO.spaceId);
    await suite.emulator.control.waitForDailyNotes();

    expect(suite.harness.landed.map((clip) => clip.id).sort()).toEqual([daily.id, append.id].sort());
    expect(await suite.worker.outbox.list()).toEqual([]);
  });
});

describe('refused input (cap_invalid_input)', () => {
  it('stops a clip whose tag was deleted, shows why, and lands it once the tag is dropped', async () => {
    const cooking = DEMO.tags.cooking;
    const made = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({
        url: 'https://example.com/recipe',
        tags: [existingTag(cooking, 'Cooking'), existingTag(DEMO.tags.travel, 'Travel')],
      }),
    );
    const deleted = await fetch(`${suite.emulator.url}/object?id=${cooking}&hardDelete=true`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer cap-api-demo' },
    });
    expect(deleted.status).toBe(204);
    await suite.harness.settle(suite.worker);

    const failed = await suite.worker.outbox.get(made.id);
    expect(failed).toMatchObject({ state: 'failed', lastError: { kind: 'invalid_input', status: 400 } });
    expect(failed?.lastError?.message).toContain(`no object with id "${cooking}"`);
    expect(suite.harness.failed.map((clip) => clip.id)).toEqual([made.id]);
    expect(suite.harness.lastWake).toBeNull();

    await suite.worker.outbox.edit(made.id, { removeTags: [cooking] });
    await suite.worker.outbox.retry(made.id);
    const [weblink] = await weblinksOf(suite.emulator, 'https://example.com/recipe');
    expect(entityIds(weblink, 'tags')).toEqual([DEMO.tags.travel]);
    expect(await suite.worker.outbox.list()).toEqual([]);
  });

  it('lets a person drop a new tag by the id it was given when that tag was deleted before the weblink landed', async () => {
    await addFault(suite.emulator, { path: '/object/url', status: 500, times: 1 });
    const made = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/ephemeral', tags: [newTag('Ephemeral')] }),
    );
    await suite.worker.outbox.drain();
    const [tag] = await tagsTitled(suite.emulator, 'Ephemeral');
    await fetch(`${suite.emulator.url}/object?id=${tag?.id}&hardDelete=true`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer cap-api-demo' },
    });
    await suite.harness.settle(suite.worker);
    expect(await suite.worker.outbox.get(made.id)).toMatchObject({ state: 'failed' });

    await suite.worker.outbox.edit(made.id, { removeTags: [tag?.id ?? ''] });
    await suite.worker.outbox.retry(made.id);
    expect(entityIds((await weblinksOf(suite.emulator, 'https://example.com/ephemeral'))[0], 'tags')).toEqual([]);
  });
});

describe('discarding', () => {
  it('removes a waiting clip for good, also for the next suite.worker', async () => {
    await addFault(suite.emulator, { status: 503 });
    const made = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Given up.']));
    await suite.worker.outbox.drain();
    await suite.worker.outbox.discard(made.id);
    expect(await suite.worker.outbox.list()).toEqual([]);
    await suite.worker.stop();

    await clearFaults(suite.emulator);
    const next = await suite.harness.startWorker();
    await next.outbox.drain();
    expect(await next.outbox.list()).toEqual([]);
    expect(next.sent).toEqual([]);
  });

  it('while its request is on the way sends nothing more and does not bring it back', async () => {
    await addFault(suite.emulator, { path: '/object/url', delayMs: 200 });
    let requestSent = () => {};
    const sent = new Promise<void>((resolve) => {
      requestSent = resolve;
    });
    suite.worker = await suite.harness.startWorker({ beforeRequest: () => requestSent() });
    const made = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/discarded', notes: ['One.', 'Two.'] }),
    );
    const draining = suite.worker.outbox.drain();
    await sent;
    await suite.worker.outbox.discard(made.id);
    await draining;

    expect(await suite.worker.outbox.list()).toEqual([]);
    expect(suite.worker.sent.map((request) => request.path)).toEqual(['/object/url']);
    expect(await suite.worker.outbox.history()).toEqual([]);
    const next = await suite.harness.startWorker();
    expect(await next.outbox.list()).toEqual([]);
  });
  it('can be undone within the undo time, also by the next worker, and then lands', async () => {
    await addFault(suite.emulator, { status: 503 });
    const made = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Kept after all.']));
    await suite.worker.outbox.drain();
    await suite.worker.outbox.discard(made.id);
    await clearFaults(suite.emulator);
    await suite.worker.outbox.drain();
    expect(suite.worker.sent).toHaveLength(1);
    await suite.worker.stop();

    suite.worker = await suite.harness.startWorker();
    await suite.worker.outbox.drain();
    expect(suite.worker.sent).toEqual([]);
    clock.now += UNDO_DISCARD_MS - 1;
    await suite.worker.outbox.undoDiscard(made.id);
    expect(await markdownOf(suite.emulator, DEMO.pages.empty)).toContain('Kept after all.');
    expect(await suite.worker.outbox.list()).toEqual([]);
  });

  it('is gone for good once the undo time is over', async () => {
    await addFault(suite.emulator, { status: 503 });
    const made = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.empty, ['Given up.']));
    await suite.worker.outbox.drain();
    await suite.worker.outbox.discard(made.id);
    clock.now += UNDO_DISCARD_MS;
    await suite.worker.outbox.undoDiscard(made.id);
    expect(await suite.worker.outbox.list()).toEqual([]);
    await suite.worker.stop();

    await clearFaults(suite.emulator);
    suite.worker = await suite.harness.startWorker();
    await suite.worker.outbox.undoDiscard(made.id);
    await suite.worker.outbox.drain();
    expect(suite.worker.sent).toEqual([]);
    expect(await suite.worker.outbox.list()).toEqual([]);
  });
});
