import {
  type ApiError,
  backoff,
  isApiError,
  isTransientOAuthError,
  LONGEST_WAIT_MS,
  RateLimitedError,
  type SerializedApiError,
  serializeApiError,
} from '../api';
import { DAILY_NOTE_SETTLE_MS } from '../clips/lost-answers';
import type { StoredClip } from '../clips/registry';
import type { ClipState } from '../clips/stored-clip';
import { lookupDelayAfterLoss } from './steps';

/** The longest wait after a failure that is not a 429: cheap while offline, quick once back. */
export const MAX_DELAY_MS = 60_000;

/**
 * The client's back-off (about a second, doubling, jittered) capped at a minute. `attempts` counts
 * the failed attempts so far (1 after the first).
 */
export function backoffDelay(attempts: number, random?: () => number): number {
  return backoff(attempts, random, MAX_DELAY_MS);
}

/** What an error means for a clip. */
export type ErrorOutcome =
  /**
   * Try again after `delayMs`. For a 429 (or a request the pacer held back) as long as the server
   * said (its RateLimit reset, else Retry-After, both bounded by lib/api/server-wait.ts), else a
   * back-off up to five minutes; the endpoint is held back as long.
   */
  | { kind: 'retry'; delayMs: number; rateLimited: boolean }
  /** Wait until the connection is signed in again. */
  | { kind: 'needs-sign-in' }
  /** The server refused the clip itself: a person must fix or discard it. */
  | { kind: 'failed' };

export function classifyError(error: ApiError, attempts: number, random?: () => number): ErrorOutcome {
  switch (error.kind) {
    case 'rate_limited':
      return {
        kind: 'retry',
        delayMs: (error instanceof RateLimitedError ? error.retryAfterMs : undefined) ?? backoff(attempts, random),
        rateLimited: true,
      };
    case 'network':
    case 'aborted':
    case 'server':
    case 'malformed_response':
      return { kind: 'retry', delayMs: backoffDelay(attempts, random), rateLimited: false };
    case 'not_authenticated':
      return { kind: 'needs-sign-in' };
    case 'oauth':
      // A refresh that failed for a transient reason (not invalid_grant, which is not_authenticated).
      return isTransientOAuthError(error.code)
        ? { kind: 'retry', delayMs: backoffDelay(attempts, random), rateLimited: false }
        : { kind: 'needs-sign-in' };
    case 'invalid_input':
    case 'forbidden':
    case 'not_found':
      return { kind: 'failed' };
  }
}

/**
 * The longest wait the outbox gives a clip whose last error is this one. A clip due later than
 * that was scheduled before the computer's clock was set back; it is due after this wait instead,
 * so a clock change never holds a clip back for hours.
 */
export function longestWait(lastError: SerializedApiError | null): number {
  // A clip that never failed waits only before looking for a daily-note append lost when its
  // worker stopped.
  if (lastError === null) return DAILY_NOTE_SETTLE_MS;
  // Bounded again: a clip stored before server waits were bounded may carry an epoch time here.
  if (lastError.kind === 'rate_limited') return Math.min(lastError.retryAfterMs ?? LONGEST_WAIT_MS, LONGEST_WAIT_MS);
  return Math.max(MAX_DELAY_MS, DAILY_NOTE_SETTLE_MS);
}

/** What a failed attempt does to a clip: its new state, and what the outbox must do besides. */
export interface AfterFailure {
  changes: Pick<StoredClip, 'state' | 'attempts' | 'nextAttemptAt' | 'lastError'>;
  /** For the clip's event list. */
  event: string;
  /** A 429 (or a request held back for the budget): the endpoint waits until then, for every clip. */
  blockEndpoint?: { endpoint: string; until: number };
  /** It stopped for a reason a person must address: tell them. */
  tellPerson: boolean;
}

/**
 * What an error that stopped an attempt means for the clip. Pure: `now` and `random` are given.
 * `waitUntil` is set when the attempt stopped only because a lost request could not be looked for
 * yet (it counts no failed attempt).
 */
export function afterFailure(
  stored: StoredClip,
  error: unknown,
  now: number,
  random: () => number,
  waitUntil?: number,
): AfterFailure {
  const keep = { attempts: stored.attempts, lastError: stored.lastError };
  if (waitUntil !== undefined) {
    return {
      changes: { ...keep, state: 'pending', nextAttemptAt: waitUntil },
      event: 'Waiting before looking for the lost request on the server.',
      tellPerson: false,
    };
  }
  const attempts = stored.attempts + 1;
  if (!isApiError(error)) {
    // Not an answer from the service but a fault here: keep the clip, stop, and say so.
    const reason = error instanceof Error ? error.message : String(error);
    const lastError: SerializedApiError = {
      kind: 'malformed_response',
      endpoint: 'outbox',
      message: reason,
      reason,
      mayHaveBeenApplied: stored.inFlight !== null,
    };
    return {
      changes: { attempts, lastError, state: 'failed', nextAttemptAt: stored.nextAttemptAt },
      event: `Stopped: ${reason}`,
      tellPerson: true,
    };
  }
  const lastError = serializeApiError(error);
  const outcome = classifyError(error, attempts, random);
  const state: ClipState =
    outcome.kind === 'retry' ? 'pending' : outcome.kind === 'needs-sign-in' ? 'needs-sign-in' : 'failed';
  switch (outcome.kind) {
    case 'retry': {
      const lookupDelay = error.mayHaveBeenApplied ? lookupDelayAfterLoss(stored) : 0;
      const nextAttemptAt = now + Math.max(outcome.delayMs, lookupDelay);
      return {
        changes: { attempts, lastError, state, nextAttemptAt },
        event: `Will retry in ${Math.ceil((nextAttemptAt - now) / 1000)} s: ${error.message}`,
        ...(outcome.rateLimited ? { blockEndpoint: { endpoint: error.endpoint, until: now + outcome.delayMs } } : {}),
        tellPerson: false,
      };
    }
    case 'needs-sign-in':
      // Sent once signed in again. While its connection still reads as signed in (a refresh that
      // failed for a passing reason also ends here), it is retried after a backoff, so a server
      // that refuses a token the extension believes valid is not hammered.
      return {
        changes: { attempts, lastError, state, nextAttemptAt: now + backoffDelay(attempts, random) },
        event: 'Waiting for sign-in.',
        tellPerson: false,
      };
    case 'failed':
      return {
        changes: { attempts, lastError, state, nextAttemptAt: stored.nextAttemptAt },
        event: `Refused: ${error.message}`,
        tellPerson: true,
      };
  }
}
