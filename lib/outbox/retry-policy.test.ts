import { describe, expect, it } from 'vitest';
import {
  InvalidInputError,
  MalformedResponseError,
  NetworkError,
  NotAuthenticatedError,
  NotFoundError,
  RateLimitedError,
  ServerError,
} from '../api';
import { BASE_DELAY_MS, backoffDelay, classifyError, longestWait, MAX_DELAY_MS } from './retry-policy';

const endpoint = 'POST /object/url';

describe('backoffDelay', () => {
  it('doubles with every failed attempt, from about a second', () => {
    const middle = () => 0.5;
    const delays = [1, 2, 3, 4, 5].map((attempts) => backoffDelay(attempts, middle));
    expect(delays).toEqual([750, 1500, 3000, 6000, 12000]);
  });

  it('jitters each delay between half and all of its step', () => {
    expect(backoffDelay(3, () => 0)).toBe(2 * BASE_DELAY_MS);
    expect(backoffDelay(3, () => 0.999999)).toBe(4 * BASE_DELAY_MS);
    const spread = new Set(Array.from({ length: 50 }, (_, i) => backoffDelay(4, () => i / 50)));
    expect(spread.size).toBe(50);
  });

  it('never waits more than a minute, however many attempts failed', () => {
    for (const attempts of [7, 8, 20, 1000, Number.MAX_SAFE_INTEGER]) {
      expect(backoffDelay(attempts, () => 0.999999)).toBeLessThanOrEqual(MAX_DELAY_MS);
      expect(backoffDelay(attempts, () => 0)).toBe(MAX_DELAY_MS / 2);
    }
  });
});

describe('classifyError', () => {
  it('retries 5xx, network failures and unreadable answers with backoff', () => {
    const transient = [
      new ServerError({ endpoint, status: 503 }),
      new NetworkError({ endpoint, timedOut: false }),
      new MalformedResponseError({ endpoint, reason: 'invalid JSON' }),
    ];
    for (const error of transient) {
      expect(classifyError(error, 2, () => 0)).toEqual({ kind: 'retry', delayMs: 1000, rateLimited: false });
    }
  });

  it('waits exactly Retry-After on a 429, whatever the attempt count', () => {
    expect(classifyError(new RateLimitedError({ endpoint, retryAfterMs: 7000 }), 9, () => 0)).toEqual({
      kind: 'retry',
      delayMs: 7000,
      rateLimited: true,
    });
  });

  it('parks on 401 and stops on refusals a person must address', () => {
    expect(classifyError(new NotAuthenticatedError({ endpoint }), 1).kind).toBe('needs-sign-in');
    expect(classifyError(new InvalidInputError({ endpoint, status: 400, detail: 'bad tag' }), 1).kind).toBe('failed');
    expect(classifyError(new NotFoundError({ endpoint }), 1).kind).toBe('failed');
  });
});

describe('longestWait', () => {
  it('bounds a wait by what the last error can justify, so a clock set back cannot stretch it', () => {
    expect(longestWait(null)).toBe(3_000);
    expect(longestWait({ kind: 'server', message: '', endpoint, mayHaveBeenApplied: false })).toBe(MAX_DELAY_MS);
    const limited = { kind: 'rate_limited' as const, message: '', endpoint, mayHaveBeenApplied: false };
    expect(longestWait({ ...limited, retryAfterMs: 3_600_000 })).toBe(3_600_000);
  });
});
