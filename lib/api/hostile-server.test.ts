import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWorkspaceApi } from './client';
import { parseRetryAfter, RateLimitedError } from './errors';
import { createPacer } from './pacer';
import { readRateLimit } from './rate-limit-headers';
import { createMemoryTraits } from './server-traits';

/**
 * A broken or hostile server, fuzzed: whatever its rate-limit headers and answers say, a wait the
 * client keeps is between a second and five minutes, and an endpoint gets fewer than 15 failed
 * answers in any minute. Driven through the real header readers, answers, transport and pacer,
 * with a fake clock and a fake fetch.
 */

const SECOND = 1_000;
const LONGEST_WAIT = 5 * 60 * SECOND;
const NOW = Date.parse('2026-03-02T10:00:00Z');

/** Characters header syntax is made of, so the fuzzer spends its time near real forms. */
const fieldChar = fc.constantFrom(...' \t0123456789-+.,;="eEaZlimtrsGMT:'.split(''));

/** What a server may put where a number belongs. */
const numberText = fc.oneof(
  fc.nat({ max: 200_000 }).map(String),
  fc.integer({ min: 1_000_000_000, max: 2_000_000_000 }).map(String),
  fc.integer({ min: 1_000_000_000_000, max: 2_000_000_000_000 }).map(String),
  fc.integer({ min: -1_000_000, max: -1 }).map(String),
  fc.double().map(String),
  fc.string({ unit: fieldChar, maxLength: 30 }),
  fc.nat({ max: 300 }).map((seconds) => new Date(NOW + (seconds - 100) * SECOND).toUTCString()),
  fc.tuple(fc.nat({ max: 50_000 }), fc.nat({ max: 100 })).map(([spaces, value]) => `${' '.repeat(spaces)}${value}`),
  fc.nat({ max: 100 }).map((value) => `"${value}"`),
);

const rateLimitField = fc.oneof(
  fc
    .tuple(numberText, numberText, numberText)
    .map(([limit, remaining, reset]) => `limit=${limit}, remaining=${remaining}, reset=${reset}`),
  fc.tuple(numberText, numberText).map(([remaining, reset]) => `"default";r=${remaining};t=${reset}`),
  fc.string({ unit: fieldChar, maxLength: 80 }),
);

/** Header values a `Headers` object takes (no line breaks, no leading or trailing space kept). */
const hostileHeaders = fc
  .record(
    {
      RateLimit: rateLimitField,
      'RateLimit-Policy': numberText.map((quota) => `"default";q=${quota};w=60`),
      'RateLimit-Remaining': numberText,
      'RateLimit-Reset': numberText,
      'X-RateLimit-Remaining': numberText,
      'X-RateLimit-Reset': numberText,
      'Retry-After': numberText,
    },
    { requiredKeys: [] },
  )
  .map((entries) => new Headers(entries as Record<string, string>));

const isBounded = (wait: number | undefined) => wait === undefined || (wait >= SECOND && wait <= LONGEST_WAIT);

describe('a hostile server: its rate-limit headers', () => {
  it('never make a wait outside one second to five minutes', () => {
    fc.assert(
      fc.property(hostileHeaders, (headers) => {
        const reading = readRateLimit(headers);
        expect(isBounded(reading?.resetMs)).toBe(true);
        expect(reading === undefined || (Number.isInteger(reading.remaining) && reading.remaining >= 0)).toBe(true);
        expect(isBounded(parseRetryAfter(headers.get('retry-after'), NOW))).toBe(true);
      }),
    );
  });

  it('tell nothing when the reset is an epoch time, in seconds or in milliseconds', () => {
    const epoch = fc.oneof(
      fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
      fc.integer({ min: 1_000_000_000_000, max: 4_000_000_000_000 }),
    );
    fc.assert(
      fc.property(epoch, fc.nat({ max: 10 }), (reset, remaining) => {
        const published = new Headers({ RateLimit: `limit=10, remaining=${remaining}, reset=${reset}` });
        const vendor = new Headers({ 'X-RateLimit-Remaining': String(remaining), 'X-RateLimit-Reset': String(reset) });
        expect(readRateLimit(published)).toBeUndefined();
        expect(readRateLimit(vendor)).toBeUndefined();
        expect(parseRetryAfter(String(reset), NOW)).toBeUndefined();
      }),
    );
  });

  it('are not read at all past the size of any real one (the reader is linear, and capped)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 60_000 }), fc.nat({ max: 300 }), (padding, reset) => {
        const padded = `limit=10, remaining=0,${' '.repeat(padding)}reset=${reset}`;
        expect(readRateLimit(new Headers({ RateLimit: padded }))).toBeUndefined();
        expect(parseRetryAfter(`${' '.repeat(padding)}${reset}`, NOW)).toBeUndefined();
      }),
      { numRuns: 20 },
    );
  });
});

/** One answer of the hostile server: a refusal, a server error, an unreadable or a good answer. */
const hostileAnswer = fc.record({
  kind: fc.constantFrom('429', '500', '502', '503', 'redirect', 'html', 'bad-json', 'ok'),
  headers: hostileHeaders,
});
type HostileAnswer = typeof hostileAnswer extends fc.Arbitrary<infer T> ? T : never;

function respond({ kind, headers }: HostileAnswer): Response {
  const withType = (type: string) => {
    const all = new Headers(headers);
    all.set('content-type', type);
    return all;
  };
  if (kind === 'redirect') return new Response(null, { status: 302, headers });
  if (kind === 'html') return new Response('<html>Sign in to the Wi-Fi</html>', { headers: withType('text/html') });
  if (kind === 'bad-json') return new Response('{"id": "s",', { headers: withType('application/json') });
  const status = kind === 'ok' ? 200 : Number(kind);
  const body = kind === 'ok' ? { id: 's', title: 'S' } : { code: 'cap_rate_limited' };
  return new Response(JSON.stringify(body), { status, headers: withType('application/json') });
}

describe('a hostile server: its answers to a caller that asks again as soon as it may', () => {
  it('get fewer than 15 failed answers of an endpoint in any minute, and every wait is bounded', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileAnswer, { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat({ max: 3 * SECOND }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 4 }),
        async (answers, pauses, parallel) => {
          const clock = { now: NOW };
          const failedAt: number[] = [];
          let sent = 0;
          const fetch = (async () => {
            const answer = answers[sent % answers.length] as HostileAnswer;
            sent += 1;
            if (answer.kind !== 'ok') failedAt.push(clock.now);
            return respond(answer);
          }) as unknown as typeof globalThis.fetch;
          const pacer = createPacer({ now: () => clock.now });
          const api = createWorkspaceApi({
            baseUrl: 'https://api.example',
            auth: { getAccessToken: async () => 'token', refreshAfterUnauthorized: async () => 'token' },
            fetch,
            pacing: { pacer, scope: 'space' },
            traits: createMemoryTraits(),
          });

          for (let round = 0; round < 80; round += 1) {
            const ready = await pacer.readyAt('space GET /space');
            if (ready > clock.now) {
              expect(ready - clock.now).toBeLessThanOrEqual(LONGEST_WAIT);
              clock.now = ready;
            }
            const errors = await Promise.all(
              Array.from({ length: parallel }, () =>
                api.getSpace().then(
                  () => undefined,
                  (error: unknown) => error,
                ),
              ),
            );
            for (const error of errors) {
              if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) {
                expect(error.retryAfterMs).toBeGreaterThan(0);
                expect(error.retryAfterMs).toBeLessThanOrEqual(LONGEST_WAIT);
                if (!error.paced) expect(isBounded(error.retryAfterMs)).toBe(true);
              }
            }
            clock.now += pauses[round % pauses.length] ?? 0;
          }
          // The 15th failure of any run of them comes a minute or more after the first.
          for (let first = 0; first + 14 < failedAt.length; first += 1) {
            expect((failedAt[first + 14] ?? 0) - (failedAt[first] ?? 0)).toBeGreaterThanOrEqual(60 * SECOND);
          }
        },
      ),
      { numRuns: 40 },
    );
    // Thousands of requests through the real client: generous for a loaded machine.
  }, 30_000);
});
