import { describe, expect, it, vi } from 'vitest';
import { OBJECT_ID, wireObject, wireStructure } from '../../tests/support/api-fixtures';
import {
  type Answer,
  createFakeFetch,
  emptyResponse,
  hangingAnswer,
  jsonResponse,
  textResponse,
} from '../../tests/support/fake-fetch';
import { createWorkspaceApi } from './client';
import { createCompleteWorkspaceApi } from './complete-client';
import {
  AbortedError,
  ForbiddenError,
  InvalidInputError,
  MalformedResponseError,
  NetworkError,
  NotAuthenticatedError,
  NotFoundError,
  OAuthError,
  RateLimitedError,
  ServerError,
  serializeApiError,
} from './errors';
import { createPacer } from './pacer';
import { canonicalDay, dateValue, entityValue, titleValue } from './property-values';
import { createMemoryTraits } from './server-traits';

const TOKEN = 'cap-api-secret-first';
const FRESH_TOKEN = 'cap-api-secret-second';
const BASE = 'https://api.example/prefix';

function setup(...script: Answer[]) {
  const fake = createFakeFetch(...script);
  const auth = {
    getAccessToken: vi.fn(async () => TOKEN),
    refreshAfterUnauthorized: vi.fn(async (_rejected: string) => FRESH_TOKEN),
  };
  const onRequest = vi.fn();
  // Each test its own memory of the server's forms, as a fresh install has.
  const traits = createMemoryTraits();
  const api = createCompleteWorkspaceApi({
    baseUrl: `${BASE}/`,
    auth,
    fetch: fake.fetch,
    timeoutMs: 1000,
    onRequest,
    traits,
  });
  const sent = (index = 0) => {
    const request = fake.requests[index];
    if (!request) throw new Error(`no request #${index}`);
    return { ...request, json: request.body === undefined ? undefined : JSON.parse(request.body) };
  };
  return { api, fake, auth, onRequest, sent };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const page = (ids: string[], nextCursor: string | null) => ({
  results: ids.map((id) => ({ id, structureId: 'RootTag', title: `tag ${id}` })),
  nextCursor,
  hasMore: nextCursor !== null,
});

describe('requests: method, path under the base URL prefix, query, body and headers', () => {
  it('GET /space sends the bearer token in the header only and returns the space', async () => {
    const { api, sent } = setup(jsonResponse({ id: 's1', title: 'Demo space' }));
    await expect(api.getSpace()).resolves.toEqual({ id: 's1', title: 'Demo space' });
    const request = sent();
    expect(request.method).toBe('GET');
    expect(request.url.href).toBe(`${BASE}/space`);
    expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.headers.has('content-type')).toBe(false);
  });

  it('GET /space/structures returns the structures array', async () => {
    const { api, sent } = setup(jsonResponse({ structures: [wireStructure] }));
    const structures = await api.getStructures();
    expect(structures.map((s) => s.id)).toEqual(['MediaWebResource']);
    expect(sent().url.pathname).toBe('/prefix/space/structures');
  });

  it('GET /user/spaces accepts { spaces } and a bare array', async () => {
    const spaces = [{ id: 's1', title: 'Demo' }];
    const { api } = setup(jsonResponse({ spaces }), jsonResponse(spaces));
    await expect(api.getUserSpaces()).resolves.toEqual(spaces);
    await expect(api.getUserSpaces()).resolves.toEqual(spaces);
  });

  it('GET /object puts the id in the query', async () => {
    const { api, sent } = setup(jsonResponse(wireObject));
    const object = await api.getObject(OBJECT_ID);
    expect(object.id).toBe(OBJECT_ID);
    expect(sent().url.searchParams.get('id')).toBe(OBJECT_ID);
  });

  it('POST /object sends a validated JSON body and returns the saved object', async () => {
    const { api, sent } = setup(jsonResponse(wireObject, 201));
    const saved = await api.createObject({
      structureId: 'RootPage',
      properties: { title: titleValue('Hello'), tags: entityValue(['t1']) },
      collections: ['c1'],
    });
    expect(saved).toMatchObject({ id: OBJECT_ID, object: { structureId: 'MediaWebResource' } });
    const request = sent();
    expect(request.method).toBe('POST');
    expect(request.url.href).toBe(`${BASE}/object`);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.json).toEqual({
      structureId: 'RootPage',
      properties: {
        title: { type: 'title', title: { value: 'Hello' } },
        tags: { type: 'entity', entity: [{ id: 't1' }] },
      },
      collections: ['c1'],
    });
  });

  it('POST /object accepts a 200 with { id } only', async () => {
    const { api } = setup(jsonResponse({ id: OBJECT_ID }, 200));
    await expect(api.createObject({ structureId: 'RootPage', properties: {} })).resolves.toEqual({
      id: OBJECT_ID,
      object: null,
    });
  });

  it('PATCH /object puts the id in the body (published) and the query (spec emulator), and accepts a full object, { id } or 204', async () => {
    const { api, sent } = setup(jsonResponse(wireObject), jsonResponse({ id: OBJECT_ID }), emptyResponse(204));
    const update = { properties: { title: titleValue('New') } };
    expect((await api.updateObject(OBJECT_ID, update)).object?.id).toBe(OBJECT_ID);
    await expect(api.updateObject(OBJECT_ID, update)).resolves.toEqual({ id: OBJECT_ID, object: null });
    await expect(api.updateObject(OBJECT_ID, { collections: [] })).resolves.toEqual({ id: OBJECT_ID, object: null });
    expect(sent().method).toBe('PATCH');
    expect(sent().url.searchParams.get('id')).toBe(OBJECT_ID);
    expect(sent().json).toEqual({ id: OBJECT_ID, properties: { title: { type: 'title', title: { value: 'New' } } } });
    expect(sent(2).json).toEqual({ id: OBJECT_ID, collections: [] });
  });

  it('restoreObject asks with deleteRequested: false and remembers whether the server can restore', async () => {
    const { api, sent } = setup(jsonResponse(wireObject), jsonResponse({ error: { code: 'cap_not_found' } }, 404));
    await api.restoreObject(OBJECT_ID);
    expect(sent().json).toEqual({ id: OBJECT_ID, deleteRequested: false });
    expect(api.traits().restore).toBe(true);
    await expect(api.restoreObject(OBJECT_ID)).rejects.toThrow();
    expect(api.traits().restore).toBe(false);
  });

  it('PATCH /object without properties and collections is refused locally, nothing sent', async () => {
    const { api, fake } = setup(jsonResponse(wireObject));
    const error = await caught(api.updateObject(OBJECT_ID, {}));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).status).toBeUndefined();
    expect((error as Error).message).toMatch(/at least one/);
    expect(fake.requests).toHaveLength(0);
  });

  it('DELETE /object always states hardDelete (the published reference marks it required) and accepts 204, an empty 200 or a body', async () => {
    const { api, sent } = setup(emptyResponse(204), jsonResponse({ deleted: true }), new Response('', { status: 200 }));
    await api.deleteObject(OBJECT_ID);
    await api.deleteObject(OBJECT_ID, { hardDelete: true });
    await api.deleteObject(OBJECT_ID);
    expect(sent(0).method).toBe('DELETE');
    expect(sent(0).url.search).toBe(`?id=${OBJECT_ID}&hardDelete=false`);
    expect(sent(1).url.searchParams.get('hardDelete')).toBe('true');
  });

  it('POST /object/url returns the full created object', async () => {
    const { api, sent } = setup(jsonResponse(wireObject, 201));
    const object = await api.createWeblink({ url: 'https://example.com/a', markdown: '> quote', collections: [] });
    expect(object.properties.url).toEqual({ type: 'url', url: { value: 'https://example.com/a' } });
    expect(sent().json).toEqual({ url: 'https://example.com/a', markdown: '> quote', collections: [] });
  });

  it('POST /object/url refuses an { id } only answer, since the spec promises the full object', async () => {
    const { api } = setup(jsonResponse({ id: OBJECT_ID }, 201));
    const error = await caught(api.createWeblink({ url: 'https://example.com/a' }));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as MalformedResponseError).mayHaveBeenApplied).toBe(true);
  });

  it('GET /object/markdown reads JSON { markdown }, text/markdown and text/plain bodies', async () => {
    const { api, sent } = setup(
      jsonResponse({ id: OBJECT_ID, title: 'T', markdown: '# T\n' }),
      textResponse('# From text\n', 200, 'text/markdown; charset=utf-8'),
      textResponse('', 200, 'text/plain'),
    );
    await expect(api.getObjectMarkdown(OBJECT_ID)).resolves.toBe('# T\n');
    await expect(api.getObjectMarkdown(OBJECT_ID)).resolves.toBe('# From text\n');
    await expect(api.getObjectMarkdown(OBJECT_ID)).resolves.toBe('');
    expect(sent().url.pathname).toBe('/prefix/object/markdown');
    expect(sent().headers.get('accept')).toContain('text/markdown');
  });

  it('POST /object/markdown sends markdown, title, structureId and collections', async () => {
    const { api, sent } = setup(jsonResponse(wireObject, 201));
    const saved = await api.createObjectFromMarkdown({ markdown: '# Hi', title: 'Hi', structureId: 'RootPage' });
    expect(saved.id).toBe(OBJECT_ID);
    expect(sent().json).toEqual({ markdown: '# Hi', title: 'Hi', structureId: 'RootPage' });
  });

  it('the three listings send id, pageSize and cursor to their own paths', async () => {
    const { api, sent } = setup(jsonResponse(page(['a'], 'next')));
    await api.listByStructure('RootTag', { pageSize: 50 });
    await api.listByTag('tag-1', { cursor: 'c1' });
    const last = await api.listByCollection('col-1');
    expect(last).toEqual(page(['a'], 'next'));
    expect(sent(0).url.href).toBe(`${BASE}/objects/structure?id=RootTag&pageSize=50`);
    expect(sent(1).url.href).toBe(`${BASE}/objects/tag?id=tag-1&cursor=c1`);
    expect(sent(2).url.href).toBe(`${BASE}/objects/collection?id=col-1`);
  });

  it('a pageSize outside 1..100 is refused locally', async () => {
    const { api, fake } = setup(jsonResponse(page([], null)));
    for (const pageSize of [0, 101, 2.5]) {
      await expect(api.listByStructure('RootTag', { pageSize })).rejects.toThrow(/pageSize/);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('POST /objects/search sends query, structureIds and a limit, and returns the results in order', async () => {
    const results = page(['b', 'a'], null).results;
    const { api, sent } = setup(jsonResponse({ results }));
    await expect(api.search({ query: 'ai', structureIds: ['RootTag'] })).resolves.toEqual(results);
    expect(sent().json).toEqual({ query: 'ai', structureIds: ['RootTag'], limit: 50 });
    await api.search({ query: ' ai ', structureIds: [], limit: 20 });
    expect(sent(1).json).toEqual({ query: 'ai', limit: 20 });
  });

  it('a search stays inside the published bounds: no blank query is sent, a long one is cut to 512 characters', async () => {
    const { api, fake, sent } = setup(jsonResponse({ results: [] }));
    await expect(api.search({ query: '   ' })).resolves.toEqual([]);
    expect(fake.requests).toHaveLength(0);
    await api.search({ query: `${'€'.repeat(600)}😀` });
    expect([...sent().json.query]).toHaveLength(512);
    await expect(api.search({ query: 'x', limit: 51 })).rejects.toThrow(InvalidInputError);
    const many = Array.from({ length: 26 }, (_, i) => `type-${i}`);
    await expect(api.search({ query: 'x', structureIds: many })).rejects.toThrow(/at most 25/);
    expect(fake.requests).toHaveLength(1);
  });

  it('POST /blocks/append sends the placement and returns the appended blocks, or null on 204', async () => {
    const appended = [{ id: 'n1', type: 'TextBlock', tokens: [{ type: 'TextToken', text: 'x' }], blocks: [] }];
    const { api, sent } = setup(jsonResponse({ blocks: appended }), emptyResponse(204));
    const request = {
      objectId: OBJECT_ID,
      propertyId: 'content',
      position: { type: 'after_block', after_block: { id: 'b1' } } as const,
      blocks: [{ type: 'TextBlock' as const, tokens: [{ type: 'TextToken' as const, text: 'x' }] }],
    };
    await expect(api.appendBlocks(request)).resolves.toEqual(appended);
    await expect(api.appendBlocks(request)).resolves.toBeNull();
    expect(sent().url.pathname).toBe('/prefix/blocks/append');
    // The object id under both names: each server reads its own and ignores the other.
    expect(sent().json).toEqual({ ...request, id: OBJECT_ID });
  });

  it('POST /blocks/append refuses after_block together with parentBlockId locally', async () => {
    const { api, fake } = setup(emptyResponse(204));
    const error = await caught(
      api.appendBlocks({
        objectId: OBJECT_ID,
        parentBlockId: 'p',
        position: { type: 'after_block', after_block: { id: 'b1' } },
        blocks: [{ type: 'HorizontalLineBlock' }],
      }),
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toContain('parentBlockId');
    expect(fake.requests).toHaveLength(0);
  });

  it('Markdown appends go to POST /blocks/append first (the shared route), with id, objectId, markdown and placement', async () => {
    const { api, sent } = setup(jsonResponse(wireObject));
    await expect(
      api.appendMarkdown({ objectId: OBJECT_ID, markdown: '- a', parentBlockId: 'p', position: { type: 'start' } }),
    ).resolves.toBeNull();
    expect(sent().url.pathname).toBe('/prefix/blocks/append');
    expect(sent().json).toEqual({
      id: OBJECT_ID,
      objectId: OBJECT_ID,
      markdown: '- a',
      parentBlockId: 'p',
      position: { type: 'start' },
    });
    expect(api.traits().markdownAppendRoute).toBe('/blocks/append');
  });

  it('a server whose /blocks/append refuses Markdown is asked at /blocks/markdown/append, and that is remembered', async () => {
    const refused = jsonResponse({ error: { code: 'cap_invalid_request', message: '"blocks" is required' } }, 400);
    const { api, fake, sent } = setup(refused, jsonResponse({ blocks: [] }), jsonResponse({ blocks: [] }));
    await expect(api.appendMarkdown({ objectId: OBJECT_ID, markdown: 'a' })).resolves.toEqual([]);
    await api.appendMarkdown({ objectId: OBJECT_ID, markdown: 'b' });
    expect(fake.requests.map((request) => request.url.pathname)).toEqual([
      '/prefix/blocks/append',
      '/prefix/blocks/markdown/append',
      '/prefix/blocks/markdown/append',
    ]);
    expect(sent(2).json.markdown).toBe('b');
  });

  it("a Markdown append that fails on both routes reports the remembered route's reason, and a lost answer is never retried on the other route", async () => {
    const gone = jsonResponse({ error: { code: 'cap_not_found' } }, 404);
    const { api, fake } = setup(jsonResponse(wireObject), gone, gone, new Error('connection reset'));
    await api.appendMarkdown({ objectId: OBJECT_ID, markdown: 'a' });
    const error = await caught(api.appendMarkdown({ objectId: OBJECT_ID, markdown: 'b' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).endpoint).toBe('POST /blocks/append');
    const lost = await caught(api.appendMarkdown({ objectId: OBJECT_ID, markdown: 'c' }));
    expect(lost).toBeInstanceOf(NetworkError);
    expect((lost as NetworkError).mayHaveBeenApplied).toBe(true);
    expect(fake.requests).toHaveLength(4);
  });

  it('PATCH /blocks/block puts the block id in the query and the block in the body', async () => {
    const block = { id: 'b1', type: 'CodeBlock', lang: 'ts', text: 'x' };
    const { api, sent } = setup(jsonResponse(block), emptyResponse(204));
    await expect(api.updateBlock('b1', { type: 'CodeBlock', lang: 'ts', text: 'x' })).resolves.toEqual(block);
    await expect(api.updateBlock('b1', { type: 'CodeBlock', text: 'y' })).resolves.toBeNull();
    expect(sent().method).toBe('PATCH');
    expect(sent().url.href).toBe(`${BASE}/blocks/block?id=b1`);
    expect(sent().json).toEqual({ type: 'CodeBlock', lang: 'ts', text: 'x' });
  });

  it('POST /blocks/delete sends { blockIds } and returns the deleted ids, or null on 204', async () => {
    const { api, sent } = setup(jsonResponse({ deletedBlockIds: ['b1'] }), emptyResponse(204));
    await expect(api.deleteBlocks(['b1'])).resolves.toEqual(['b1']);
    await expect(api.deleteBlocks(['b2'])).resolves.toBeNull();
    expect(sent().json).toEqual({ blockIds: ['b1'] });
    await expect(api.deleteBlocks([])).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('POST /blocks/daily-note/append sends markdown or blocks with date and noTimeStamp; 204 and 200 resolve', async () => {
    const { api, sent } = setup(emptyResponse(204), jsonResponse({ queued: true }));
    await api.appendToDailyNote({ markdown: '> clip' }, { date: canonicalDay('2024-05-01'), noTimeStamp: true });
    await api.appendToDailyNote({ blocks: [{ type: 'HorizontalLineBlock' }] });
    expect(sent(0).url.pathname).toBe('/prefix/blocks/daily-note/append');
    expect(sent(0).json).toEqual({ markdown: '> clip', date: '2024-05-01T00:00:00.000Z', noTimeStamp: true });
    expect(sent(1).json).toEqual({ blocks: [{ type: 'HorizontalLineBlock' }] });
  });

  it('a daily-note append answered by an HTML page is not taken as queued: it may not have happened', async () => {
    const portal = new Response('<html><body>Sign in to the Wi-Fi</body></html>', {
      status: 200,
      headers: { 'content-type': 'text/html' },
    });
    const { api } = setup(portal, new Response('queued!', { status: 200 }));
    await expect(api.appendToDailyNote({ markdown: 'x' })).rejects.toMatchObject({
      kind: 'malformed_response',
      mayHaveBeenApplied: true,
    });
    await expect(api.appendToDailyNote({ markdown: 'x' })).rejects.toMatchObject({ kind: 'malformed_response' });
  });

  it('daily-note appends refuse both markdown and blocks, and a non-canonical date, before sending', async () => {
    const { api, fake } = setup(emptyResponse(204));
    const both = { markdown: 'x', blocks: [{ type: 'HorizontalLineBlock' }] } as never;
    await expect(api.appendToDailyNote(both)).rejects.toThrow(/exactly one of markdown or blocks/);
    await expect(api.appendToDailyNote({ markdown: 'x' }, { date: '2024-05-01' })).rejects.toThrow(/UTC midnight/);
    await expect(api.appendMarkdownToDailyNote('x', { date: '2024-05-01T12:00:00.000Z' })).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('POST /blocks/markdown/daily-note sends { markdown, date, noTimeStamp }', async () => {
    const { api, sent } = setup(emptyResponse(204));
    await api.appendMarkdownToDailyNote('text', { noTimeStamp: false });
    expect(sent().url.pathname).toBe('/prefix/blocks/markdown/daily-note');
    expect(sent().json).toEqual({ markdown: 'text', noTimeStamp: false });
  });

  it('a day date that is not canonical is refused locally with the expected form in the message', async () => {
    const { api, fake } = setup(jsonResponse(wireObject));
    const error = await caught(
      api.createObject({
        structureId: 'RootTask',
        properties: { due: dateValue({ start: '2024-05-01T09:00:00Z', resolution: 'day' }) },
      }),
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toContain('properties.due.date.start');
    expect((error as Error).message).toContain('2024-05-01T00:00:00.000Z');
    expect(fake.requests).toHaveLength(0);
  });

  it('empty ids are refused locally', async () => {
    const { api, fake } = setup(jsonResponse(wireObject));
    await expect(api.getObject('')).rejects.toBeInstanceOf(InvalidInputError);
    await expect(api.listByTag(' ')).rejects.toBeInstanceOf(InvalidInputError);
    expect(fake.requests).toHaveLength(0);
  });

  it('reports every HTTP attempt to onRequest with method and path', async () => {
    const { api, onRequest } = setup(jsonResponse({ id: 's', title: 't' }));
    await api.getSpace();
    expect(onRequest).toHaveBeenCalledWith({ method: 'GET', path: '/space' });
  });
});

describe("the published reference's shapes and pacing", () => {
  /** The published reference's Object: only its fields, opaque property ids, blocks in its shapes. */
  const publishedObject = {
    id: OBJECT_ID,
    structureId: 'MediaWebResource',
    collections: [],
    properties: {
      title: { type: 'title', title: { value: 'A page' } },
      media_URLReference: { type: 'url', url: { value: 'https://example.com/a' } },
      tags: { type: 'entity', entity: [] },
    },
    blocks: {
      media_notes: [
        {
          id: 'b1',
          type: 'TextBlock',
          tokens: [
            {
              type: 'TextToken',
              text: 'Hi',
              style: { bold: false, italic: false, strikethrough: false, underline: false },
            },
          ],
          list: { type: 'bullet' },
          todo: { isDone: false },
          quote: { layout: 'normal' },
        },
        { id: 'b2', type: 'unsupported', blockType: 'Table' },
        { id: 'b3', type: 'GridBlock', columns: [], dividers: true, gridLayout: 'equal' },
      ],
    },
  };

  it('reads Objects, structures and error bodies in the published shapes', async () => {
    const structure = {
      ...wireStructure,
      propertyDefinitions: [
        { id: 'media_URLReference', name: 'URL', type: 'url', writable: false },
        { id: 'tags', name: 'Tags', type: 'entity', writable: true, allowedStructures: ['RootTag'] },
      ],
    };
    const { api } = setup(
      jsonResponse(publishedObject),
      jsonResponse({ structures: [structure] }),
      jsonResponse({ code: 'cap_invalid_input', message: 'query: too long', details: { field: 'query' } }, 400),
    );
    const object = await api.getObject(OBJECT_ID);
    expect(object.blocks?.media_notes?.map((block) => block.type)).toEqual(['TextBlock', 'unsupported', 'GridBlock']);
    const [read] = await api.getStructures();
    expect(read?.propertyDefinitions[1]?.allowedStructureIds).toEqual(['RootTag']);
    const error = await caught(api.search({ query: 'x' }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).code).toBe('cap_invalid_input');
    expect((error as InvalidInputError).detail).toBe('query: too long');
  });

  it('a daily-note append answered with an empty 200 (published) or a 204 (spec) both succeed', async () => {
    const { api, fake } = setup(new Response('', { status: 200 }), emptyResponse(204));
    await api.appendToDailyNote({ markdown: 'a' });
    await api.appendToDailyNote({ markdown: 'b' });
    expect(fake.requests).toHaveLength(2);
  });

  function paced(...script: Answer[]) {
    const fake = createFakeFetch(...script);
    const clock = { now: Date.parse('2026-11-23T10:00:00Z') };
    const pacer = createPacer({ now: () => clock.now });
    const api = createWorkspaceApi({
      baseUrl: BASE,
      auth: { getAccessToken: async () => TOKEN, refreshAfterUnauthorized: async () => TOKEN },
      fetch: fake.fetch,
      pacing: { pacer, scope: 'space-1' },
      traits: createMemoryTraits(),
    });
    return { api, fake, clock };
  }

  it("holds a request back, unsent, once the RateLimit header says the endpoint's budget is spent", async () => {
    const { api, fake, clock } = paced(
      jsonResponse({ id: 's', title: 'S' }, 200, { RateLimit: 'limit=10, remaining=0, reset=42' }),
      jsonResponse({ id: 's', title: 'S' }, 200, { RateLimit: 'limit=10, remaining=9, reset=60' }),
    );
    await api.getSpace();
    const error = await caught(api.getSpace());
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).paced).toBe(true);
    expect((error as RateLimitedError).retryAfterMs).toBe(42_000);
    expect((error as RateLimitedError).mayHaveBeenApplied).toBe(false);
    expect(fake.requests).toHaveLength(1);
    // Another endpoint has its own budget.
    await api.search({ query: 'x' }).catch(() => undefined);
    expect(fake.requests).toHaveLength(2);
    clock.now += 42_000;
    await api.getSpace();
    expect(fake.requests).toHaveLength(3);
  });

  it('a 429 without Retry-After waits for the RateLimit reset', async () => {
    const { api } = paced(
      jsonResponse({ code: 'cap_rate_limit_exceeded' }, 429, { RateLimit: 'limit=10, remaining=0, reset=17' }),
    );
    const error = await caught(api.getSpace());
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).paced).toBe(false);
    expect((error as RateLimitedError).retryAfterMs).toBe(17_000);
    expect(serializeApiError(error as RateLimitedError).retryAfterMs).toBe(17_000);
  });

  it('a redirect is not followed: the token stays with the server it was meant for', async () => {
    const { api, fake } = setup(
      new Response(null, { status: 307, headers: { location: 'https://elsewhere.example/space' } }),
    );
    const error = await caught(api.getSpace());
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as MalformedResponseError).code).toBe('redirected');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.redirect).toBe('manual');
  });
});

describe('pagination iterators', () => {
  it('yield every summary across pages, passing each cursor on', async () => {
    const { api, sent } = setup(
      jsonResponse(page(['1', '2'], 'c1')),
      jsonResponse(page(['3', '4'], 'c2')),
      jsonResponse(page(['5'], null)),
    );
    const ids: string[] = [];
    for await (const summary of api.iterateByStructure('RootTag', { pageSize: 2 })) ids.push(summary.id);
    expect(ids).toEqual(['1', '2', '3', '4', '5']);
    expect(sent(0).url.searchParams.get('cursor')).toBeNull();
    expect(sent(1).url.searchParams.get('cursor')).toBe('c1');
    expect(sent(2).url.searchParams.get('cursor')).toBe('c2');
    expect(sent(2).url.searchParams.get('pageSize')).toBe('2');
  });

  it('stop on hasMore false even if a cursor is present', async () => {
    const { api, fake } = setup(jsonResponse({ ...page(['1'], 'c1'), hasMore: false }));
    const ids: string[] = [];
    for await (const summary of api.iterateByTag('tag-1')) ids.push(summary.id);
    expect(ids).toEqual(['1']);
    expect(fake.requests).toHaveLength(1);
  });

  it('fetch the next page only when the loop asks for it', async () => {
    const { api, fake } = setup(jsonResponse(page(['1', '2'], 'c1')), jsonResponse(page(['3'], null)));
    for await (const summary of api.iterateByCollection('col-1')) {
      if (summary.id === '1') break;
    }
    expect(fake.requests).toHaveLength(1);
  });

  it('fail instead of looping forever when the cursor does not advance', async () => {
    const { api } = setup(jsonResponse(page(['1'], 'same')));
    const run = async () => {
      for await (const _ of api.iterateByStructure('RootTag')) {
        // drain
      }
    };
    await expect(run()).rejects.toBeInstanceOf(MalformedResponseError);
  });
});

describe('authentication', () => {
  const unauthorized = () =>
    jsonResponse({ error: { code: 'cap_not_authenticated', message: 'expired' } }, 401, {
      'www-authenticate': 'Bearer error="invalid_token"',
    });

  it('after a 401, refreshes once with the rejected token and retries with the new one', async () => {
    const { api, auth, sent, onRequest } = setup(unauthorized(), jsonResponse({ id: 's', title: 't' }));
    await expect(api.getSpace()).resolves.toEqual({ id: 's', title: 't' });
    expect(auth.refreshAfterUnauthorized).toHaveBeenCalledExactlyOnceWith(TOKEN);
    expect(sent(0).headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(sent(1).headers.get('authorization')).toBe(`Bearer ${FRESH_TOKEN}`);
    expect(onRequest).toHaveBeenCalledTimes(2);
  });

  it('re-sends the same body on the retry', async () => {
    const { api, sent } = setup(unauthorized(), jsonResponse(wireObject, 201));
    await api.createWeblink({ url: 'https://example.com/a' });
    expect(sent(1).body).toBe(sent(0).body);
  });

  it('a second 401 becomes NotAuthenticatedError without another refresh', async () => {
    const { api, auth, fake } = setup(unauthorized(), unauthorized());
    const error = await caught(api.getSpace());
    expect(error).toBeInstanceOf(NotAuthenticatedError);
    expect((error as NotAuthenticatedError).code).toBe('cap_not_authenticated');
    expect((error as NotAuthenticatedError).mayHaveBeenApplied).toBe(false);
    expect(auth.refreshAfterUnauthorized).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('a refused refresh (OAuth error) becomes NotAuthenticatedError, keeping its code', async () => {
    const { api, auth } = setup(unauthorized());
    auth.refreshAfterUnauthorized.mockRejectedValueOnce(
      new OAuthError({ endpoint: 'POST /oauth/token', code: 'invalid_grant' }),
    );
    const error = await caught(api.getSpace());
    expect(error).toBeInstanceOf(NotAuthenticatedError);
    expect(error).toMatchObject({ code: 'invalid_grant' });
  });

  it('a sign-in service that is briefly unavailable stays an OAuthError (worth retrying later)', async () => {
    const { api, auth } = setup(unauthorized());
    auth.refreshAfterUnauthorized.mockRejectedValueOnce(
      new OAuthError({ endpoint: 'POST /oauth/token', code: 'temporarily_unavailable' }),
    );
    await expect(api.getSpace()).rejects.toMatchObject({ kind: 'oauth', code: 'temporarily_unavailable' });
  });

  it('a refresh that fails on the network stays a NetworkError (worth retrying later)', async () => {
    const { api, auth } = setup(unauthorized());
    auth.refreshAfterUnauthorized.mockRejectedValueOnce(
      new NetworkError({ endpoint: 'POST /oauth/token', timedOut: false }),
    );
    await expect(api.getSpace()).rejects.toBeInstanceOf(NetworkError);
  });

  it('no token available becomes NotAuthenticatedError and nothing is sent', async () => {
    const { api, auth, fake } = setup(jsonResponse({}));
    auth.getAccessToken.mockRejectedValueOnce(new Error('no connection'));
    await expect(api.getSpace()).rejects.toBeInstanceOf(NotAuthenticatedError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('HTTP errors become typed errors', () => {
  it('400 and 422 become InvalidInputError with the server message and code, in every body shape', async () => {
    const bodies = [
      { error: { code: 'cap_invalid_input', message: 'date must be 2024-05-01T00:00:00.000Z' } },
      { code: 'cap_invalid_input', message: 'date must be 2024-05-01T00:00:00.000Z' },
      { error: 'cap_invalid_input', message: 'date must be 2024-05-01T00:00:00.000Z' },
      { error: 'cap_invalid_input', error_description: 'date must be 2024-05-01T00:00:00.000Z' },
    ];
    for (const [index, body] of bodies.entries()) {
      const { api } = setup(jsonResponse(body, index === 0 ? 400 : 422));
      const error = await caught(api.createObject({ structureId: 'RootPage', properties: {} }));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error).toMatchObject({
        code: 'cap_invalid_input',
        detail: 'date must be 2024-05-01T00:00:00.000Z',
        mayHaveBeenApplied: false,
      });
      expect((error as Error).message).toBe('The workspace refused the request: date must be 2024-05-01T00:00:00.000Z');
    }
  });

  it('a 4xx with an HTML or empty body still becomes the status class', async () => {
    const { api } = setup(textResponse('<html><body>Bad</body></html>', 400, 'text/html'), emptyResponse(413));
    // No words of the server's: no detail, so the person is not shown "HTTP 400" (docs/words.md).
    const refused = await api.getSpace().catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'invalid_input', status: 400, detail: undefined });
    expect((refused as Error).message).toBe('The workspace refused the request: HTTP 400');
    await expect(api.getSpace()).rejects.toMatchObject({ kind: 'invalid_input', status: 413 });
  });

  it('403 becomes ForbiddenError and 404 NotFoundError', async () => {
    const { api } = setup(
      jsonResponse({ error: { code: 'cap_forbidden', message: 'read-only token' } }, 403),
      jsonResponse({ error: { code: 'cap_not_found', message: 'no such object' } }, 404),
    );
    await expect(api.createObject({ structureId: 'RootPage', properties: {} })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(api.getObject(OBJECT_ID)).rejects.toMatchObject({ kind: 'not_found', code: 'cap_not_found' });
  });

  it('429 becomes RateLimitedError with Retry-After seconds, an HTTP date or no wait at all (left to a backoff), without waiting', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    const { api, fake } = setup(
      jsonResponse({ error: { code: 'cap_rate_limited' } }, 429, { 'retry-after': '3600' }),
      jsonResponse({}, 429, { 'retry-after': inTwoMinutes }),
      jsonResponse({}, 429),
    );
    const started = Date.now();
    const first = (await caught(api.search({ query: 'x' }))) as RateLimitedError;
    expect(first).toBeInstanceOf(RateLimitedError);
    // An hour is believed, but held to five minutes (lib/api/server-wait.ts).
    expect(first.retryAfterMs).toBe(300_000);
    const second = (await caught(api.search({ query: 'x' }))) as RateLimitedError;
    expect(second.retryAfterMs).toBeGreaterThan(110_000);
    expect(second.retryAfterMs).toBeLessThanOrEqual(120_000);
    expect(((await caught(api.search({ query: 'x' }))) as RateLimitedError).retryAfterMs).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fake.requests).toHaveLength(3);
  });

  it('5xx becomes ServerError, also with an HTML page; only a lost gateway answer may have applied a write', async () => {
    const { api } = setup(
      textResponse('<!doctype html><h1>Internal error</h1>', 500, 'text/html'),
      jsonResponse({ error: { code: 'cap_internal_error' } }, 503),
      textResponse('Bad gateway', 502, 'text/plain'),
      textResponse('Gateway timeout', 504, 'text/plain'),
    );
    const html = await caught(api.createObject({ structureId: 'RootPage', properties: {} }));
    expect(html).toBeInstanceOf(ServerError);
    expect(html).toMatchObject({ status: 500, mayHaveBeenApplied: false });
    await expect(api.createObject({ structureId: 'RootPage', properties: {} })).rejects.toMatchObject({
      status: 503,
      code: 'cap_internal_error',
      mayHaveBeenApplied: false,
    });
    await expect(api.createObject({ structureId: 'RootPage', properties: {} })).rejects.toMatchObject({
      status: 502,
      mayHaveBeenApplied: true,
    });
    await expect(api.getSpace()).rejects.toMatchObject({ status: 504, mayHaveBeenApplied: false });
  });
});

describe('malformed answers become MalformedResponseError', () => {
  const cases: [string, Response, RegExp][] = [
    ['invalid JSON', textResponse('{"id": ', 200, 'application/json'), /invalid JSON/],
    ['an HTML page', textResponse('<html><body>Login</body></html>', 200, 'text/html'), /HTML page/],
    ['an HTML page labelled JSON', textResponse('<!doctype html>', 200, 'application/json'), /HTML page/],
    ['an empty 200', new Response('', { status: 200 }), /empty body/],
    ['a 204 where a body is required', emptyResponse(204), /empty body/],
    ['the wrong shape', jsonResponse({ id: 1, title: 'x' }), /^id: /],
    ['an unexpected status', new Response(null, { status: 304 }), /unexpected HTTP status 304/],
  ];

  for (const [name, response, reason] of cases) {
    it(`${name} on a read: not applied`, async () => {
      const { api } = setup(response);
      const error = await caught(api.getSpace());
      expect(error).toBeInstanceOf(MalformedResponseError);
      expect((error as MalformedResponseError).reason).toMatch(reason);
      expect((error as MalformedResponseError).endpoint).toBe('GET /space');
      expect((error as MalformedResponseError).mayHaveBeenApplied).toBe(false);
    });
  }

  it('on a write it may have been applied', async () => {
    const { api } = setup(textResponse('not json', 201, 'application/json'));
    const error = await caught(api.createObject({ structureId: 'RootPage', properties: {} }));
    expect(error).toMatchObject({ kind: 'malformed_response', endpoint: 'POST /object', mayHaveBeenApplied: true });
    expect((error as Error).message).toContain('POST /object: invalid JSON');
  });

  it('an object answer with a broken shape names the field, never the values', async () => {
    const { api } = setup(jsonResponse({ ...wireObject, collections: 'c1' }));
    const error = (await caught(api.getObject(OBJECT_ID))) as MalformedResponseError;
    expect(error.reason).toMatch(/^collections: /);
    expect(error.message).not.toContain('c1');
  });
});

describe('network failures, timeouts and cancellation', () => {
  it('a failed fetch on a write may have been applied; on a read it was not', async () => {
    const { api } = setup(new TypeError('Failed to fetch'));
    const write = await caught(api.createWeblink({ url: 'https://example.com/a' }));
    expect(write).toBeInstanceOf(NetworkError);
    expect(write).toMatchObject({ timedOut: false, mayHaveBeenApplied: true });
    await expect(api.getSpace()).rejects.toMatchObject({ kind: 'network', mayHaveBeenApplied: false });
  });

  it('a refused connection cannot have applied the write', async () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    const { api } = setup(refused);
    await expect(api.createWeblink({ url: 'https://example.com/a' })).rejects.toMatchObject({
      kind: 'network',
      mayHaveBeenApplied: false,
    });
  });

  it('a body cut off after a 2xx on a write becomes a NetworkError that may have been applied', async () => {
    const cut = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":'));
            controller.error(new TypeError('terminated'));
          },
        }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      );
    const { api } = setup(cut);
    await expect(api.createWeblink({ url: 'https://example.com/a' })).rejects.toMatchObject({
      kind: 'network',
      mayHaveBeenApplied: true,
    });
  });

  it('no answer within the timeout becomes NetworkError with timedOut', async () => {
    const fake = createFakeFetch(hangingAnswer);
    const api = createWorkspaceApi({
      baseUrl: BASE,
      auth: { getAccessToken: async () => TOKEN, refreshAfterUnauthorized: async () => TOKEN },
      fetch: fake.fetch,
      timeoutMs: 30,
    });
    const error = await caught(api.createObject({ structureId: 'RootPage', properties: {} }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true, mayHaveBeenApplied: true });
  });

  it('a per-call timeout overrides the client default', async () => {
    const { api } = setup(hangingAnswer);
    const started = Date.now();
    await expect(api.getSpace({ timeoutMs: 20 })).rejects.toMatchObject({ kind: 'network', timedOut: true });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('the caller aborting mid-request gives AbortedError, flagged for writes', async () => {
    const { api } = setup(hangingAnswer);
    const controller = new AbortController();
    const pending = caught(
      api.createObject({ structureId: 'RootPage', properties: {} }, { signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 5);
    const error = await pending;
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ mayHaveBeenApplied: true });
  });

  it('an already aborted signal sends nothing', async () => {
    const { api, fake } = setup(jsonResponse({ id: 's', title: 't' }));
    await expect(api.getSpace({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      kind: 'aborted',
      mayHaveBeenApplied: false,
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the token never leaks', () => {
  it('is absent from URLs, error messages and serialised errors, even when the server echoes it', async () => {
    const echo = { error: { code: 'cap_invalid_input', message: `token ${TOKEN} is not allowed here` } };
    const { api, fake } = setup(
      jsonResponse(echo, 400),
      jsonResponse({}, 500),
      textResponse('<html></html>', 200, 'text/html'),
      new TypeError(`Failed to fetch with ${TOKEN}`),
      jsonResponse({}, 429),
    );
    const errors = [
      await caught(api.createObject({ structureId: 'RootPage', properties: {} })),
      await caught(api.getSpace()),
      await caught(api.getSpace()),
      await caught(api.getSpace()),
      await caught(api.getSpace()),
    ];
    for (const error of errors) {
      const serialized = JSON.stringify(serializeApiError(error as InvalidInputError));
      expect(serialized).not.toContain(TOKEN);
      expect((error as Error).message).not.toContain(TOKEN);
    }
    expect((errors[0] as Error).message).toContain('[redacted]');
    for (const request of fake.requests) expect(request.url.href).not.toContain(TOKEN);
  });
});

describe('configuration', () => {
  it('refuses a plain-http base URL outside loopback', () => {
    const auth = { getAccessToken: async () => TOKEN, refreshAfterUnauthorized: async () => TOKEN };
    expect(() => createWorkspaceApi({ baseUrl: 'http://api.example', auth })).toThrow(InvalidInputError);
    expect(createWorkspaceApi({ baseUrl: 'http://127.0.0.1:8787/', auth }).baseUrl).toBe('http://127.0.0.1:8787');
  });
});
