import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { DEFAULT_RATE_LIMITS, mergeRateLimits, RateLimiter, rateLimitOptionsError } from './rate-limit.ts';

function retryAfter(fn: () => void): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'cap_rate_limited') return error.headers['Retry-After'];
    throw error;
  }
  return undefined;
}

describe('rate limiter', () => {
  it('allows the limit per fixed window, then answers 429 with an integer Retry-After', () => {
    let now = 10_250;
    const limiter = new RateLimiter(
      mergeRateLimits(DEFAULT_RATE_LIMITS, { windowMs: 1000, limits: { read: 10 } }),
      () => now,
    );
    for (let i = 0; i < 10; i++) limiter.hit('read', 'token-a');
    expect(retryAfter(() => limiter.hit('read', 'token-a'))).toBe('1');
    expect(retryAfter(() => limiter.hit('read', 'token-b'))).toBeUndefined();
    expect(retryAfter(() => limiter.hit('write', 'token-a'))).toBeUndefined();
    now = 11_000;
    expect(retryAfter(() => limiter.hit('read', 'token-a'))).toBeUndefined();
  });

  it('computes Retry-After as the seconds until the window resets', () => {
    let now = 0;
    const limiter = new RateLimiter(mergeRateLimits(DEFAULT_RATE_LIMITS, { limits: { token: 1 } }), () => now);
    limiter.hit('token', 'ip');
    now = 15_500;
    expect(retryAfter(() => limiter.hit('token', 'ip'))).toBe('45');
  });

  it('can be disabled and reconfigured', () => {
    const limiter = new RateLimiter(
      mergeRateLimits(DEFAULT_RATE_LIMITS, { limits: { search: 1 }, enabled: false }),
      () => 0,
    );
    limiter.hit('search', 'k');
    limiter.hit('search', 'k');
    limiter.configure(mergeRateLimits(limiter.settings, { enabled: true }));
    limiter.hit('search', 'k');
    expect(retryAfter(() => limiter.hit('search', 'k'))).toBe('60');
  });

  it('meters a bucket with an explicit limit, counting only when asked, and reports a disabled limiter as full', () => {
    let now = 1_500;
    const limiter = new RateLimiter(mergeRateLimits(DEFAULT_RATE_LIMITS, { windowMs: 10_000 }), () => now);
    expect(limiter.meter('GET /space', 'a', 2, false)).toEqual({
      limit: 2,
      remaining: 2,
      resetSeconds: 9,
      exceeded: false,
    });
    expect(limiter.meter('GET /space', 'a', 2, true)).toMatchObject({ remaining: 1, exceeded: false });
    expect(limiter.meter('GET /space', 'a', 2, true)).toMatchObject({ remaining: 0, exceeded: false });
    expect(limiter.meter('GET /space', 'a', 2, true)).toMatchObject({ remaining: 0, exceeded: true });
    expect(limiter.meter('GET /object', 'a', 2, true)).toMatchObject({ remaining: 1 });
    now = 9_999;
    expect(limiter.meter('GET /space', 'a', 2, false).resetSeconds).toBe(1);
    now = 10_000;
    expect(limiter.meter('GET /space', 'a', 2, true)).toMatchObject({ remaining: 1, resetSeconds: 10 });
    limiter.configure(mergeRateLimits(limiter.settings, { enabled: false }));
    for (let i = 0; i < 5; i++) expect(limiter.meter('GET /space', 'a', 2, true).remaining).toBe(2);
  });

  it('knows the published endpoint limits: 10 for three endpoints, 30 for the others, overridable', () => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, () => 0);
    expect(['GET /space', 'GET /space/structures', 'POST /object/url'].map((e) => limiter.endpointLimit(e))).toEqual([
      10, 10, 10,
    ]);
    expect(limiter.endpointLimit('PATCH /object')).toBe(30);
    limiter.configure(mergeRateLimits(DEFAULT_RATE_LIMITS, { endpointLimits: { '*': 5, 'GET /space': 2 } }));
    expect([
      limiter.endpointLimit('GET /space'),
      limiter.endpointLimit('POST /object/url'),
      limiter.endpointLimit('GET /object'),
    ]).toEqual([2, 10, 5]);
  });

  it('validates options from the control API', () => {
    expect(rateLimitOptionsError({ endpointLimits: { 'GET /space': 2, '*': 5 } })).toBeNull();
    expect(rateLimitOptionsError({ endpointLimits: { space: 2 } })).toMatch(/METHOD \/path/);
    expect(rateLimitOptionsError({ endpointLimits: { 'GET /space': 0 } })).toMatch(/positive/);
    expect(rateLimitOptionsError({ windowMs: 1000, limits: { read: 5 } })).toBeNull();
    expect(rateLimitOptionsError({ limits: { nope: 5 } })).toMatch(/unknown group/);
    expect(rateLimitOptionsError({ limits: { read: 0 } })).toMatch(/positive/);
    expect(rateLimitOptionsError({ windowMs: -1 })).toMatch(/windowMs/);
  });
});
