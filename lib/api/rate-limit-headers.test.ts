import { describe, expect, it } from 'vitest';
import { readRateLimit } from './rate-limit-headers';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const headers = (entries: Record<string, string>) => new Headers(entries);

describe('readRateLimit', () => {
  it('reads the published form: RateLimit: limit=10, remaining=9, reset=58', () => {
    expect(readRateLimit(headers({ RateLimit: 'limit=10, remaining=9, reset=58' }), NOW)).toEqual({
      limit: 10,
      remaining: 9,
      resetMs: 58_000,
    });
  });

  it('reads the later draft form with its policy header', () => {
    const answer = headers({ RateLimit: '"default";r=0;t=12', 'RateLimit-Policy': '"default";q=30;w=60' });
    expect(readRateLimit(answer, NOW)).toEqual({ limit: 30, remaining: 0, resetMs: 12_000 });
    expect(readRateLimit(headers({ RateLimit: 'remaining=3, reset=5', 'RateLimit-Policy': '10;w=60' }), NOW)).toEqual({
      limit: 10,
      remaining: 3,
      resetMs: 5_000,
    });
  });

  it('reads separate headers, and an X-RateLimit-Reset given as epoch seconds', () => {
    const separate = headers({ 'RateLimit-Limit': '30', 'RateLimit-Remaining': '29', 'RateLimit-Reset': '60' });
    expect(readRateLimit(separate, NOW)).toEqual({ limit: 30, remaining: 29, resetMs: 60_000 });
    const epoch = headers({ 'X-RateLimit-Remaining': '1', 'X-RateLimit-Reset': String(NOW / 1000 + 30) });
    expect(readRateLimit(epoch, NOW)).toEqual({ limit: undefined, remaining: 1, resetMs: 30_000 });
  });

  it('says nothing for a missing, partial or unreadable header', () => {
    expect(readRateLimit(headers({}), NOW)).toBeUndefined();
    expect(readRateLimit(headers({ RateLimit: 'limit=10' }), NOW)).toBeUndefined();
    expect(readRateLimit(headers({ RateLimit: 'limit=ten, remaining=-1, reset=soon' }), NOW)).toBeUndefined();
  });
});
