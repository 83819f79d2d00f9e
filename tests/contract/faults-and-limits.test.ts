import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import {
  type ApiRequestInfo,
  createWorkspaceApi,
  MalformedResponseError,
  NetworkError,
  RateLimitedError,
  ServerError,
  titleValue,
} from '../../lib/api';
import { rejectionOf, setUpEmulator, staticAuth, TOKENS } from './harness';

const context = setUpEmulator();

/** A loopback port nobody listens on (a port fetch allows, unlike 9 or 1). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function fault(rule: Record<string, unknown>) {
  return context.control.addFault(rule);
}

describe('429 rate limits', () => {
  it('a full window answers RateLimitedError with the Retry-After delay, returned at once, not slept on', async () => {
    await context.control.setRateLimits({ limits: { read: 2 } });
    const api = context.api();
    await api.getSpace();
    await api.getSpace();
    const started = Date.now();
    const error = await rejectionOf(api.getSpace());
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ status: 429, code: 'cap_rate_limited', mayHaveBeenApplied: false });
    const { retryAfterMs } = error as RateLimitedError;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000);

    await context.control.advanceClock((retryAfterMs ?? 0) / 1000);
    await expect(api.getSpace()).resolves.toMatchObject({ title: 'Demo space' });
  });

  it('each list endpoint has its own limit', async () => {
    const api = context.api();
    const [reading] = await api.search({ query: 'Reading', structureIds: ['RootTag'] });
    const [readingList] = await api.search({ query: 'Reading list', structureIds: ['RootDatabase'] });
    await context.control.setRateLimits({ limits: { listByStructure: 1 } });
    await api.listByStructure('RootTag', { pageSize: 1 });
    await expect(api.listByStructure('RootPage', { pageSize: 1 })).rejects.toBeInstanceOf(RateLimitedError);
    await expect(api.listByTag(reading?.id ?? '')).resolves.toMatchObject({ hasMore: false });
    await expect(api.listByCollection(readingList?.id ?? '')).resolves.toMatchObject({ hasMore: false });
  });

  it('Retry-After as an HTTP date, and a 429 without Retry-After (30 s default)', async () => {
    const inNinetySeconds = new Date(Date.now() + 90_000).toUTCString();
    await fault({ path: '/space', status: 429, headers: { 'Retry-After': inNinetySeconds }, times: 1 });
    await fault({ path: '/space', status: 429, times: 1 });
    const api = context.api();
    const dated = (await rejectionOf(api.getSpace())) as RateLimitedError;
    expect(dated.retryAfterMs).toBeGreaterThan(80_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(90_000);
    // No Retry-After (and no RateLimit header): no wait is invented; the outbox backs off instead.
    expect(((await rejectionOf(api.getSpace())) as RateLimitedError).retryAfterMs).toBeUndefined();
  });
});

describe('malformed answers', () => {
  it('invalid JSON on a read: MalformedResponseError naming the endpoint, not applied', async () => {
    await fault({ path: '/space', status: 200, body: '{"id": "x", "title": ', contentType: 'application/json' });
    const error = await rejectionOf(context.api().getSpace());
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error).toMatchObject({ endpoint: 'GET /space', reason: 'invalid JSON', mayHaveBeenApplied: false });
  });

  it('an HTML page instead of JSON on a write: MalformedResponseError that may have been applied', async () => {
    await fault({ method: 'POST', path: '/object', status: 200, body: '<!doctype html><title>Sign in</title>' });
    const error = await rejectionOf(context.api().createObject({ structureId: 'RootPage', properties: {} }));
    expect(error).toMatchObject({
      kind: 'malformed_response',
      reason: 'an HTML page instead of JSON',
      mayHaveBeenApplied: true,
    });
  });

  it('an empty 200 where a body is expected, and a body of the wrong shape', async () => {
    await fault({ path: '/object/url', status: 200, body: '', times: 1 });
    await fault({ path: '/object/url', status: 201, body: '{"id": 42}', times: 1 });
    const api = context.api();
    await expect(api.createWeblink({ url: 'https://example.com/e' })).rejects.toMatchObject({
      kind: 'malformed_response',
      reason: 'empty body (HTTP 200)',
    });
    await expect(api.createWeblink({ url: 'https://example.com/e' })).rejects.toMatchObject({
      kind: 'malformed_response',
      reason: expect.stringMatching(/^id: /),
    });
  });

  it('a 500 HTML page becomes ServerError; the JSON error variants keep their code', async () => {
    await fault({
      path: '/space/structures',
      status: 500,
      body: '<html><body>Internal Server Error</body></html>',
      times: 1,
    });
    await fault({ path: '/space/structures', status: 503, times: 1 });
    const api = context.api();
    await expect(api.getStructures()).rejects.toMatchObject({ kind: 'server', status: 500, code: undefined });
    const error = await rejectionOf(api.getStructures());
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, code: 'cap_internal_error' });
  });
});

describe('network failures', () => {
  async function weblinksTitled(url: string) {
    return (await context.api().search({ query: url, structureIds: ['MediaWebResource'] })).filter(
      (hit) => hit.title === url,
    );
  }

  it('connection dropped before processing: NetworkError that may have been applied; reconciling finds nothing', async () => {
    await fault({ path: '/object/url', drop: 'before', times: 1 });
    const url = 'https://example.com/dropped-before';
    const error = await rejectionOf(context.api().createWeblink({ url }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: false, mayHaveBeenApplied: true });
    expect(await weblinksTitled(url)).toEqual([]);
  });

  it('connection dropped after processing: NetworkError that may have been applied; the object exists', async () => {
    await fault({ path: '/object/url', drop: 'after', times: 1 });
    const url = 'https://example.com/dropped-after';
    const error = await rejectionOf(context.api().createWeblink({ url }));
    expect(error).toMatchObject({ kind: 'network', mayHaveBeenApplied: true });
    expect(await weblinksTitled(url)).toHaveLength(1);
  });

  it('a dropped read is a NetworkError that applied nothing', async () => {
    await fault({ path: '/space', drop: 'before', times: 1 });
    await expect(context.api().getSpace()).rejects.toMatchObject({ kind: 'network', mayHaveBeenApplied: false });
  });

  it('an answer slower than the timeout: NetworkError with timedOut', async () => {
    await fault({ path: '/space', delayMs: 400, times: 1 });
    const error = await rejectionOf(context.api(TOKENS.demo, { timeoutMs: 100 }).getSpace());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true });
    // The emulator still answers the held request, and logs it then: once that is done, it cannot
    // land in the request log of a test after this one.
    await vi.waitFor(async () => expect((await context.control.log()).map((entry) => entry.path)).toContain('/space'), {
      timeout: 10_000,
    });
  });

  it('a server that is not there (connection refused): NetworkError, nothing applied', async () => {
    const api = createWorkspaceApi({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      auth: staticAuth(TOKENS.demo),
    });
    await expect(api.createObject({ structureId: 'RootPage', properties: {} })).rejects.toMatchObject({
      kind: 'network',
      mayHaveBeenApplied: false,
    });
  });
});

describe('size limit', () => {
  it('a body over 1 MiB is refused with 413 cap_payload_too_large', async () => {
    // A title has no limit of its own here (Markdown is refused locally past 200,000 characters).
    const error = await rejectionOf(
      context.api().createObject({ structureId: 'RootPage', properties: { title: titleValue('x'.repeat(1_100_000)) } }),
    );
    expect(error).toMatchObject({ kind: 'invalid_input', status: 413, code: 'cap_payload_too_large' });
  });
});

describe('requests and tokens', () => {
  it('saving a page is one request, reported to onRequest', async () => {
    const seen: ApiRequestInfo[] = [];
    const api = createWorkspaceApi({
      baseUrl: context.url,
      auth: staticAuth(TOKENS.demo),
      onRequest: (info) => seen.push(info),
    });
    await api.createWeblink({ url: 'https://example.com/one-request', properties: { title: titleValue('One') } });
    expect(seen).toEqual([{ method: 'POST', path: '/object/url' }]);
    expect((await context.control.log()).map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /object/url']);
  });

  it('the token never appears in a URL the client requests', async () => {
    const api = context.api();
    const page = await api.createObject({ structureId: 'RootPage', properties: {} });
    await api.getObject(page.id);
    await api.listByStructure('RootPage', { pageSize: 1 });
    for (const entry of await context.control.log()) {
      expect(JSON.stringify(entry.query)).not.toContain(TOKENS.demo);
      expect(entry.path).not.toContain(TOKENS.demo);
    }
  });
});
