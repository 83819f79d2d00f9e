import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, DEMO_TOKENS, dailyNoteIdFor } from './seed.ts';
import { type RunningEmulator, startEmulator } from './server.ts';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, dailyNoteDelayMs: 5, seed: 1 });
});
afterAll(() => emu.close());
beforeEach(() => emu.reset());

async function call(method: string, path: string, body?: unknown, token: string = DEMO_TOKENS.demo) {
  const response = await fetch(`${emu.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const control = (path: string, body?: unknown, method = 'POST') =>
  fetch(`${emu.url}/__emulator${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

describe('authentication', () => {
  it('answers 401 cap_not_authenticated for missing, unknown, revoked and expired tokens', async () => {
    const minted = await (
      await control('/tokens', { spaceId: DEMO.spaceId, scopes: ['api:read'], expiresInSeconds: 60 })
    ).json();
    expect((await call('GET', '/space', undefined, minted.token)).status).toBe(200);
    emu.advanceClock(61);
    const cases = [
      await fetch(`${emu.url}/space`),
      await fetch(`${emu.url}/space`, { headers: { Authorization: 'Bearer cap-api-unknown' } }),
      await fetch(`${emu.url}/space`, { headers: { Authorization: `Bearer ${minted.token}` } }),
    ];
    await control('/tokens/revoke', { token: DEMO_TOKENS.research });
    cases.push(await fetch(`${emu.url}/space`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.research}` } }));
    for (const response of cases) {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('invalid_token');
      expect((await response.json()).error.code).toBe('cap_not_authenticated');
    }
  });

  it('refuses writes with a read-only token', async () => {
    const response = await call('POST', '/object', { structureId: 'RootPage' }, DEMO_TOKENS.demoReadonly);
    expect(response).toMatchObject({ status: 403, body: { error: { code: 'cap_forbidden' } } });
    expect((await call('GET', `/object?id=${DEMO.pages.welcome}`, undefined, DEMO_TOKENS.demoReadonly)).status).toBe(
      200,
    );
  });
});

describe('objects over HTTP', () => {
  it('creates, reads, patches, trashes and hard-deletes', async () => {
    const created = await call('POST', '/object', {
      structureId: 'RootPage',
      properties: {
        title: { type: 'title', title: { value: 'From a test' } },
        tags: { type: 'entity', entity: [{ id: DEMO.tags.ideas }] },
      },
      collections: [DEMO.collections.projects],
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({
      structureId: 'RootPage',
      collections: [DEMO.collections.projects],
      blocks: { content: [] },
    });
    const patched = await call('PATCH', `/object?id=${id}`, { properties: { tags: { type: 'entity', entity: [] } } });
    expect(patched.body.properties.tags).toEqual({ type: 'entity', entity: [] });
    expect(patched.body.properties.title.title.value).toBe('From a test');
    expect((await call('DELETE', `/object?id=${id}`)).status).toBe(204);
    expect((await call('GET', `/object?id=${id}`)).body.error.code).toBe('cap_not_found');
    expect((await call('DELETE', `/object?id=${id}&hardDelete=true`)).status).toBe(204);
    const state = await (
      await fetch(`${emu.url}/__emulator/state?spaceId=${DEMO.spaceId}&structureId=RootPage`)
    ).json();
    expect(state.spaces[0].objects.some((obj: { id: string }) => obj.id === id)).toBe(false);
  });

  it('creates weblinks from a URL with notes, and exports Markdown that contains them', async () => {
    const markdown = '> שלום — a quote\n\n— [Source page](https://example.com/source)\n\n```sh\necho "hi"\n```';
    const created = await call('POST', '/object/url', {
      url: 'https://example.com/source',
      markdown,
      collections: [DEMO.collections.readingList],
      properties: {
        [DEMO.properties.weblink.status]: { type: 'label', label: [{ id: DEMO.labels.weblinkStatus.unread }] },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.properties.title.title.value).toBe('https://example.com/source');
    expect(created.body.properties.url.url.value).toBe('https://example.com/source');
    const exported = await call('GET', `/object/markdown?id=${created.body.id}`);
    expect(exported.body).toEqual({ id: created.body.id, title: 'https://example.com/source', markdown });
  });

  it('creates pages from Markdown, titled by their first heading', async () => {
    const created = await call('POST', '/object/markdown', { markdown: '# Clipped article\n\nBody text.' });
    expect(created.status).toBe(201);
    expect(created.body.properties.title.title.value).toBe('Clipped article');
  });

  it('answers cap_invalid_request for malformed JSON and a wrong content type, and 413 above 1 MiB', async () => {
    const malformed = await fetch(`${emu.url}/object`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO_TOKENS.demo}`, 'Content-Type': 'application/json' },
      body: '{"structureId": ',
    });
    expect((await malformed.json()).error.code).toBe('cap_invalid_request');
    const plain = await fetch(`${emu.url}/object`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO_TOKENS.demo}` },
      body: '{}',
    });
    expect((await plain.json()).error.code).toBe('cap_invalid_request');
    const huge = await call('POST', '/object/markdown', { markdown: 'x'.repeat(1_048_577) });
    expect(huge).toMatchObject({ status: 413, body: { error: { code: 'cap_payload_too_large' } } });
  });

  it('lists and searches over HTTP', async () => {
    const first = await call('GET', '/objects/structure?id=RootTag&pageSize=10', undefined, DEMO_TOKENS.research);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.hasMore).toBe(true);
    const second = await call(
      'GET',
      `/objects/structure?id=RootTag&pageSize=10&cursor=${first.body.nextCursor}`,
      undefined,
      DEMO_TOKENS.research,
    );
    expect(second.body.results[0].id).not.toBe(first.body.results[0].id);
    const search = await call('POST', '/objects/search', { query: 'mdn' });
    expect(search.body.results[0]).toEqual({
      id: DEMO.weblinks.mdn,
      structureId: 'MediaWebResource',
      title: 'MDN Web Docs',
    });
  });

  it('describes the space, its structures and the user spaces', async () => {
    const { body } = await call('GET', '/space/structures');
    const weblink = body.structures.find((s: { id: string }) => s.id === 'MediaWebResource');
    expect(weblink.collections).toEqual([
      { id: DEMO.collections.readingList, title: 'Reading list' },
      { id: DEMO.collections.research, title: 'Research' },
    ]);
    expect(weblink.propertyDefinitions.find((d: { id: string }) => d.id === 'url')).toMatchObject({
      type: 'url',
      writable: false,
    });
    const status = body.structures
      .find((s: { id: string }) => s.id === 'RootTask')
      .propertyDefinitions.find((d: { id: string }) => d.id === 'status');
    expect(status.labelSet.map((o: { name: string }) => o.name)).toEqual(['To do', 'Doing', 'Done', 'Blocked']);
    expect((await call('GET', '/user/spaces')).body.spaces).toHaveLength(2);
  });

  it('signs media file URLs and exposes OCR only when analysis is complete', async () => {
    const image = (await call('GET', `/object?id=${DEMO.media.whiteboard}`)).body;
    expect(image.mediaContent.ocr.text).toContain('Q3 goals');
    expect((await fetch(image.files[0].url)).headers.get('content-type')).toBe('image/png');
    expect((await call('GET', `/object?id=${DEMO.media.screenshot}`)).body.mediaContent).toBeUndefined();
  });
});

describe('blocks and daily notes over HTTP', () => {
  it('appends, patches and deletes blocks', async () => {
    const appended = await call('POST', '/blocks/markdown/append', {
      objectId: DEMO.pages.empty,
      markdown: '- one\n- two',
    });
    const [one, two] = appended.body.blocks;
    const patched = await call('PATCH', `/blocks/block?id=${one.id}`, {
      type: 'TextBlock',
      tokens: [{ type: 'TextToken', text: 'uno' }],
      list: 'bullet',
    });
    expect(patched.body).toMatchObject({ id: one.id, tokens: [{ text: 'uno' }] });
    const leaf = await call('POST', '/blocks/append', {
      objectId: DEMO.pages.empty,
      blocks: [{ type: 'HorizontalLineBlock' }],
    });
    const refused = await call('POST', '/blocks/append', {
      objectId: DEMO.pages.empty,
      parentBlockId: leaf.body.blocks[0].id,
      blocks: [{ type: 'TextBlock' }],
    });
    expect(refused.body.error.code).toBe('cap_invalid_input');
    expect((await call('POST', '/blocks/delete', { blockIds: [two.id] })).body).toEqual({ deletedBlockIds: [two.id] });
    expect((await call('GET', `/object/markdown?id=${DEMO.pages.empty}`)).body.markdown).toBe('- uno\n\n---');
  });

  it('queues daily-note appends, applies them in order and creates the note', async () => {
    const date = '2030-01-02T00:00:00.000Z';
    const first = await call('POST', '/blocks/daily-note/append', { markdown: 'first', date, noTimeStamp: true });
    expect(first.status).toBe(204);
    await call('POST', '/blocks/markdown/daily-note', { markdown: 'second', date, noTimeStamp: true });
    await call('POST', '/blocks/daily-note/append', {
      blocks: [{ type: 'TextBlock', tokens: [{ type: 'TextToken', text: 'third' }] }],
      date,
    });
    await control('/daily-notes/wait');
    const note = await call('GET', `/object/markdown?id=${dailyNoteIdFor(DEMO.spaceId, '2030-01-02')}`);
    expect(note.body.title).toBe('2030-01-02');
    expect(note.body.markdown).toMatch(/^first\n\nsecond\n\n### \d\d:\d\d\n\nthird$/);
  });

  it('validates daily-note requests synchronously', async () => {
    const both = await call('POST', '/blocks/daily-note/append', { markdown: 'x', blocks: [] });
    expect(both.body.error.code).toBe('cap_invalid_request');
    const neither = await call('POST', '/blocks/daily-note/append', {});
    expect(neither.body.error.code).toBe('cap_invalid_request');
    const badDate = await call('POST', '/blocks/daily-note/append', { markdown: 'x', date: '2030-01-02' });
    expect(badDate.body.error).toMatchObject({
      code: 'cap_invalid_input',
      message: expect.stringContaining('YYYY-MM-DDT00:00:00.000Z'),
    });
  });
});

describe('HTTP behaviour', () => {
  it('answers CORS preflights and exposes the rate-limit headers', async () => {
    const preflight = await fetch(`${emu.url}/object`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'chrome-extension://abc',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const error = await fetch(`${emu.url}/space`);
    expect(error.headers.get('access-control-expose-headers')).toBe('RateLimit,RateLimit-Policy,Retry-After');
  });

  it('rate-limits per token and endpoint group with a configurable window', async () => {
    await control('/rate-limits', { windowMs: 60_000, limits: { listByTag: 2 } });
    const list = () => call('GET', `/objects/tag?id=${DEMO.tags.reading}`);
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);
    const limited = await list();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('cap_rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await call('GET', `/objects/collection?id=${DEMO.collections.shelf}`)).status).toBe(200);
    expect(
      (await call('GET', `/objects/tag?id=${DEMO.tags.reading}`, undefined, DEMO_TOKENS.demoReadonly)).status,
    ).toBe(200);
  });

  it('injects faults: drop before, drop after (applied), and malformed answers', async () => {
    await control('/faults', { path: '/object/url', drop: 'after', times: 1 });
    await expect(call('POST', '/object/url', { url: 'https://dropped.example/' })).rejects.toThrow();
    const found = await call('POST', '/objects/search', { query: 'dropped.example' });
    expect(found.body.results).toHaveLength(1);

    await control('/faults', { method: 'GET', path: '/space*', drop: 'before', times: 1 });
    await expect(call('GET', '/space')).rejects.toThrow();
    expect((await call('GET', '/space')).status).toBe(200);

    await control('/faults', { path: '/space', status: 502, body: '<html>Bad gateway</html>', times: 1 });
    const html = await fetch(`${emu.url}/space`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.demo}` } });
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toContain('text/html');

    const { faults } = await (await fetch(`${emu.url}/__emulator/faults`)).json();
    expect(faults.map((rule: { fired: number }) => rule.fired)).toEqual([1, 1, 1]);
    const log = (await (await fetch(`${emu.url}/__emulator/log?since=0`)).json()).entries;
    expect(
      log
        .filter((entry: { fault?: unknown }) => entry.fault)
        .map((entry: { fault: { action: string }; status: number | null }) => [entry.fault.action, entry.status]),
    ).toEqual([
      ['drop-after', 201],
      ['drop-before', null],
      ['respond', 502],
    ]);
  });

  it('renders the state page with user content escaped', async () => {
    await call('POST', '/object', {
      structureId: 'RootPage',
      properties: { title: { type: 'title', title: { value: '<script>alert(1)</script>' } } },
    });
    const page = await fetch(`${emu.url}/`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<meta http-equiv="refresh" content="2">');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Research space');
  });
});

describe('persistence', () => {
  it('keeps state in a data file across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await startEmulator({ port: 0, dataFile });
      const created = await fetch(`${first.url}/object`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${DEMO_TOKENS.demo}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          structureId: 'RootPage',
          properties: { title: { type: 'title', title: { value: 'Persisted' } } },
        }),
      });
      const { id } = await created.json();
      await first.close();
      expect(readFileSync(dataFile, 'utf8')).toContain('Persisted');
      const second = await startEmulator({ port: 0, dataFile });
      const again = await fetch(`${second.url}/object?id=${id}`, {
        headers: { Authorization: `Bearer ${DEMO_TOKENS.demo}` },
      });
      expect(again.status).toBe(200);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
