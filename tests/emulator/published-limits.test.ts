import { describe, expect, it } from 'vitest';
import { setUpTestEmulator } from './http-testing.ts';
import { DEMO, DEMO_TOKENS } from './seed.ts';

const published = setUpTestEmulator('published');
const { call } = published;

/** The `RateLimit` header's fields. */
function rateLimit(headers: Headers): { limit: number; remaining: number; reset: number } {
  const match = /^limit=(\d+), remaining=(\d+), reset=(\d+)$/.exec(headers.get('ratelimit') ?? '');
  if (!match) throw new Error(`no RateLimit header: ${headers.get('ratelimit')}`);
  return { limit: Number(match[1]), remaining: Number(match[2]), reset: Number(match[3]) };
}

describe('published rate limits', () => {
  it('count down per token and per endpoint, 10 for GET /space, 30 for GET /object', async () => {
    await published.control.advanceClock(60 - ((Date.now() / 1000) % 60) + 1);
    const first = rateLimit((await call('GET', '/space')).headers);
    expect(first).toEqual({ limit: 10, remaining: 9, reset: expect.any(Number) });
    expect(first.reset).toBeGreaterThanOrEqual(50);
    expect(first.reset).toBeLessThanOrEqual(60);
    expect(rateLimit((await call('GET', '/space')).headers).remaining).toBe(8);
    expect(rateLimit((await call('GET', '/space/structures')).headers)).toMatchObject({ limit: 10, remaining: 9 });
    expect(rateLimit((await call('GET', `/object?id=${DEMO.pages.welcome}`)).headers)).toMatchObject({
      limit: 30,
      remaining: 29,
    });
    expect(rateLimit((await call('GET', '/space', undefined, DEMO_TOKENS.demoReadonly)).headers).remaining).toBe(9);
  });

  it('answer the 11th request with 429 cap_rate_limit_exceeded, RateLimit and no Retry-After, until the window resets', async () => {
    // At the start of a window, as above: eleven requests straddling a minute's end (a loaded
    // machine took that long) found the window reset before the eleventh.
    await published.control.advanceClock(60 - ((Date.now() / 1000) % 60) + 1);
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '/object/url', { url: `https://example.com/${i}` })).status).toBe(200);
    }
    const refused = await call('POST', '/object/url', { url: 'https://example.com/eleven' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('cap_rate_limit_exceeded');
    expect(refused.headers.get('retry-after')).toBeNull();
    const { remaining, reset } = rateLimit(refused.headers);
    expect(remaining).toBe(0);
    await published.control.advanceClock(reset);
    const again = await call('POST', '/object/url', { url: 'https://example.com/eleven' });
    expect(again.status).toBe(200);
    expect(rateLimit(again.headers)).toMatchObject({ limit: 10, remaining: 9 });
  });

  it('put the header on every answer: 401, 404, 400', async () => {
    const unauthenticated = await call('GET', '/space', undefined, null);
    expect(unauthenticated.status).toBe(401);
    expect(rateLimit(unauthenticated.headers).limit).toBe(10);
    const notFound = await call('GET', `/object?id=${DEMO.spaceId}`);
    expect(notFound.status).toBe(404);
    expect(rateLimit(notFound.headers).remaining).toBe(29);
    const specOnly = await call('GET', '/user/spaces');
    expect(specOnly.status).toBe(404);
    expect(rateLimit(specOnly.headers)).toMatchObject({ limit: 30, remaining: 30 });
    const invalid = await call('POST', '/objects/search', { query: '' });
    expect(rateLimit(invalid.headers).remaining).toBe(29);
  });

  it('scale with the window length, and take per-endpoint limits from the control route', async () => {
    await published.control.setRateLimits({ windowMs: 2000, endpointLimits: { 'GET /object': 1 } });
    const first = await call('GET', `/object?id=${DEMO.pages.welcome}`);
    expect(rateLimit(first.headers)).toMatchObject({ limit: 1, remaining: 0 });
    expect(rateLimit(first.headers).reset).toBeLessThanOrEqual(2);
    expect((await call('GET', `/object?id=${DEMO.pages.welcome}`)).status).toBe(429);
    expect(rateLimit((await call('GET', `/object/markdown?id=${DEMO.pages.welcome}`)).headers).limit).toBe(30);
    expect((await published.control.rateLimits()).endpointLimits).toMatchObject({ 'GET /object': 1, '*': 30 });
  });

  it('are exposed to pages of other origins', async () => {
    const preflight = await fetch(`${published.emulator.url}/object`, {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://abc', 'Access-Control-Request-Method': 'PATCH' },
    });
    expect(preflight.status).toBe(204);
    const answer = await fetch(`${published.emulator.url}/space`, { headers: { Origin: 'chrome-extension://abc' } });
    expect(answer.headers.get('access-control-expose-headers')).toBe('RateLimit,RateLimit-Policy,Retry-After');
  });
});

describe('published errors', () => {
  it('are { code, message } with the codes the reference names', async () => {
    const cases: [Promise<{ status: number; body: unknown }>, number, string][] = [
      [call('GET', '/space', undefined, 'cap-api-unknown'), 401, 'cap_not_authenticated'],
      [
        call('POST', '/object/url', { url: 'https://example.com/' }, DEMO_TOKENS.demoReadonly),
        403,
        'cap_scope_insufficient',
      ],
      [call('GET', `/object?id=${DEMO.spaceId}`), 404, 'cap_not_found'],
      [call('POST', '/object', { structureId: 'MediaWebResource' }), 400, 'cap_invalid_input'],
      [
        call('POST', '/object/markdown', { structureId: 'RootPage', markdown: 'x'.repeat(1_048_577) }),
        413,
        'cap_invalid_input',
      ],
    ];
    for (const [answer, status, code] of cases) {
      const { status: actual, body } = await answer;
      expect({ status: actual, code: (body as { code: string }).code }).toEqual({ status, code });
      expect(Object.keys(body as object).sort()).toEqual(['code', 'message']);
    }
  });

  it('carry details on a 429', async () => {
    await published.control.setRateLimits({ endpointLimits: { 'GET /space': 1 } });
    await call('GET', '/space');
    const refused = await call('GET', '/space');
    expect(refused.body).toEqual({
      code: 'cap_rate_limit_exceeded',
      message: expect.stringContaining('GET /space'),
      details: { endpoint: 'GET /space', limit: 1, reset: expect.any(Number) },
    });
  });
});

describe('POST /objects/search', () => {
  it('needs a query of 1–512 characters and takes limit 1–50 (default 20) and 1–25 structureIds', async () => {
    const search = (body: object) => call('POST', '/objects/search', body, DEMO_TOKENS.research);
    expect((await search({ query: 'ology' })).body.results).toHaveLength(20);
    expect((await search({ query: 'ology', limit: 50 })).body.results).toHaveLength(50);
    expect((await search({ query: 'ology', limit: 3 })).body.results).toHaveLength(3);
    const pages = await search({ query: 'e', structureIds: ['RootPage'], limit: 50 });
    expect(pages.body.results.map((result: { title: string }) => result.title).sort()).toEqual([
      'Literature review',
      'Methods',
      'Open questions',
    ]);
    const refused = [
      { query: '' },
      { query: 'x'.repeat(513) },
      { limit: 5 },
      { query: 'e', limit: 0 },
      { query: 'e', limit: 51 },
      { query: 'e', limit: 2.5 },
      { query: 'e', structureIds: [] },
      { query: 'e', structureIds: Array(26).fill('RootTag') },
    ];
    for (const body of refused) expect((await call('POST', '/objects/search', body)).status).toBe(400);
    expect(await published.control.violations()).toHaveLength(refused.length);
    expect((await call('POST', '/objects/search', { query: 'x'.repeat(512) })).status).toBe(200);
  });
});
