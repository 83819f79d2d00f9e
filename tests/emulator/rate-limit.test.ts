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

  it('validates options from the control API', () => {
    expect(rateLimitOptionsError({ windowMs: 1000, limits: { read: 5 } })).toBeNull();
    expect(rateLimitOptionsError({ limits: { nope: 5 } })).toMatch(/unknown group/);
    expect(rateLimitOptionsError({ limits: { read: 0 } })).toMatch(/positive/);
    expect(rateLimitOptionsError({ windowMs: -1 })).toMatch(/windowMs/);
  });
});
