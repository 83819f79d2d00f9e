import { describe, expect, it } from 'vitest';
import {
  InvalidInputError,
  LONGEST_WAIT_MS,
  MalformedResponseError,
  NetworkError,
  NotAuthenticatedError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  SHORTEST_WAIT_MS,
} from '../api';
import type { StoredClip } from '../clips/registry';
import { afterFailure, backoffDelay, classifyError, longestWait, MAX_DELAY_MS } from './retry-policy';

const endpoint = 'POST /object/url';

describe('backoffDelay', () => {
  it('doubles with every failed attempt, from about a second', () => {
    const middle = () => 0.5;
    const delays = [1, 2, 3, 4, 5].map((attempts) => backoffDelay(attempts, middle));
    expect(delays).toEqual([750, 1500, 3000, 6000, 12000]);
  });

  it('jitters each delay between half and all of its step', () => {
    expect(backoffDelay(3, () => 0)).toBe(2 * SHORTEST_WAIT_MS);
    expect(backoffDelay(3, () => 0.999999)).toBe(4 * SHORTEST_WAIT_MS);
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

  it('backs off on a 429 that tells nothing: about a second first, growing up to five minutes, not one', () => {
    const silent = new RateLimitedError({ endpoint, retryAfterMs: undefined });
    expect(classifyError(silent, 1, () => 0.999999)).toMatchObject({ delayMs: SHORTEST_WAIT_MS, rateLimited: true });
    expect(classifyError(silent, 30, () => 0.999999)).toMatchObject({ delayMs: LONGEST_WAIT_MS });
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
    expect(longestWait({ ...limited, retryAfterMs: 7_000 })).toBe(7_000);
    expect(longestWait(limited)).toBe(LONGEST_WAIT_MS);
    // A clip stored before server waits were bounded (an epoch `reset` read as seconds) waits no longer.
    expect(longestWait({ ...limited, retryAfterMs: 1_772_445_600_000_000 })).toBe(LONGEST_WAIT_MS);
  });
});

describe('afterFailure: what a failed attempt does to a clip', () => {
  const now = 5_000_000;
  const stored: StoredClip = {
    v: 1,
    id: 'c',
    seq: 1,
    spaceId: 's',
    createdAt: now,
    clip: {
      kind: 'page',
      url: 'https://a.example/',
      title: 'A',
      tags: [],
      properties: {},
      notes: [],
      existingObjectIds: [],
    },
    state: 'pending',
    attempts: 2,
    nextAttemptAt: now,
    inFlight: { step: { kind: 'create-weblink' }, startedAt: now - 100 },
    progress: { tagIds: {}, objectId: null, partsLanded: 0 },
    lastError: null,
    events: [],
  };

  it('a 429 waits as long as the server said and holds the endpoint back for every clip', () => {
    const outcome = afterFailure(stored, new RateLimitedError({ endpoint, retryAfterMs: 12_000 }), now, () => 0);
    expect(outcome.changes).toMatchObject({ state: 'pending', attempts: 3, nextAttemptAt: now + 12_000 });
    expect(outcome.blockEndpoint).toEqual({ endpoint, until: now + 12_000 });
    expect(outcome.tellPerson).toBe(false);
  });

  it('a lost answer waits at least until the request can be looked for', () => {
    const lost = new NetworkError({ endpoint, timedOut: false, mayHaveBeenApplied: true });
    const outcome = afterFailure(stored, lost, now, () => 0);
    expect(outcome.changes.nextAttemptAt).toBeGreaterThanOrEqual(now + 2_000);
    expect(outcome.changes.lastError?.mayHaveBeenApplied).toBe(true);
  });

  it("a refusal stops the clip for a person, with the server's detail kept as data", () => {
    const refused = new InvalidInputError({ endpoint, status: 400, detail: 'unknown tag' });
    const outcome = afterFailure(stored, refused, now, () => 0);
    expect(outcome.changes).toMatchObject({ state: 'failed', attempts: 3, lastError: { detail: 'unknown tag' } });
    expect(outcome.tellPerson).toBe(true);
  });

  it('a signed-out connection parks the clip with a backoff; a fault of our own stops it and says so', () => {
    expect(afterFailure(stored, new NotAuthenticatedError({ endpoint }), now, () => 0).changes).toMatchObject({
      state: 'needs-sign-in',
      nextAttemptAt: now + 2 * SHORTEST_WAIT_MS,
    });
    const fault = afterFailure(stored, new Error('quota exceeded'), now, () => 0);
    expect(fault.changes).toMatchObject({
      state: 'failed',
      lastError: { kind: 'malformed_response', reason: 'quota exceeded' },
    });
    expect(fault.tellPerson).toBe(true);
  });

  it('waiting to look for a lost request counts no failed attempt', () => {
    const outcome = afterFailure(stored, new Error('not yet'), now, () => 0, now + 3_000);
    expect(outcome.changes).toEqual({ state: 'pending', attempts: 2, lastError: null, nextAttemptAt: now + 3_000 });
  });
});
