import { describe, expect, it } from 'vitest';
import { readRateLimit } from './rate-limit-headers';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const headers = (entries: Record<string, string>) => new Headers(entries);

describe('readRateLimit', () => {
  it('reads the published form: RateLimit: limit=10, remaining=9, reset=58', () => {
    expect(readRateLimit(headers({ RateLimit: 'limit=10, remaining=9, reset=58' }))).toEqual({
      limit: 10,
      remaining: 9,
      resetMs: 58_000,
    });
  });

  it('reads the later draft form with its policy header', () => {
    const answer = headers({ RateLimit: '"default";r=0;t=12', 'RateLimit-Policy': '"default";q=30;w=60' });
    expect(readRateLimit(answer)).toEqual({ limit: 30, remaining: 0, resetMs: 12_000 });
    expect(readRateLimit(headers({ RateLimit: 'remaining=3, reset=5', 'RateLimit-Policy': '10;w=60' }))).toEqual({
      limit: 10,
      remaining: 3,
      resetMs: 5_000,
    });
    // A list of policies: the first one is read.
    expect(readRateLimit(headers({ RateLimit: '"minute";r=4;t=20, "day";r=900;t=80000' }))).toMatchObject({
      remaining: 4,
      resetMs: 20_000,
    });
  });

  it('reads separate headers, with or without the X- prefix', () => {
    const separate = headers({ 'RateLimit-Limit': '30', 'RateLimit-Remaining': '29', 'RateLimit-Reset': '60' });
    expect(readRateLimit(separate)).toEqual({ limit: 30, remaining: 29, resetMs: 60_000 });
    const vendor = headers({ 'X-RateLimit-Remaining': '1', 'X-RateLimit-Reset': '30' });
    expect(readRateLimit(vendor)).toEqual({ limit: undefined, remaining: 1, resetMs: 30_000 });
  });

  it('says nothing for a missing, partial or unreadable header', () => {
    expect(readRateLimit(headers({}))).toBeUndefined();
    expect(readRateLimit(headers({ RateLimit: 'limit=10' }))).toBeUndefined();
    expect(readRateLimit(headers({ RateLimit: 'limit=ten, remaining=-1, reset=soon' }))).toBeUndefined();
  });

  it('takes a reset that is an epoch time, in seconds or ms, or longer than a day, as no announcement at all', () => {
    for (const reset of [String(NOW), String(NOW / 1000 + 30), '86401', '-5', '1.5', '1e3']) {
      expect(readRateLimit(headers({ RateLimit: `limit=10, remaining=0, reset=${reset}` })), reset).toBeUndefined();
      expect(
        readRateLimit(headers({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset })),
        reset,
      ).toBeUndefined();
    }
  });

  it('holds a believable reset between a second and five minutes', () => {
    const resetOf = (reset: string) => readRateLimit(headers({ RateLimit: `remaining=0, reset=${reset}` }))?.resetMs;
    expect([resetOf('0'), resetOf('1'), resetOf('299'), resetOf('86400')]).toEqual([1_000, 1_000, 299_000, 300_000]);
  });

  it('does not read a field longer than any real one, whatever it ends with', () => {
    const padded = `limit=10, remaining=0,${' '.repeat(40_000)}reset=5`;
    expect(readRateLimit(headers({ RateLimit: padded }))).toBeUndefined();
    expect(
      readRateLimit(headers({ 'RateLimit-Remaining': '1', 'RateLimit-Reset': `${' '.repeat(40_000)}5` })),
    ).toBeUndefined();
  });
});
