import { type ApiError, isTransientOAuthError, RateLimitedError, type SerializedApiError } from '../api';
import { DAILY_NOTE_SETTLE_MS } from './reconcile';

/** First retry after about a second, doubling up to a minute: cheap while offline, quick once back. */
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 60_000;

/**
 * Exponential backoff with jitter (a random 50–100 % of the step), so many clips that failed
 * together do not retry together. `attempts` counts the failed attempts so far (1 after the first).
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step * (0.5 + random() * 0.5));
}

/** What an error means for a clip. */
export type ErrorOutcome =
  /**
   * Try again after `delayMs`. For a 429 (or a request the pacer held back) as long as the server
   * said (its RateLimit reset, else Retry-After), else a backoff; the endpoint is held back as long.
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
        delayMs: (error instanceof RateLimitedError ? error.retryAfterMs : undefined) ?? backoffDelay(attempts, random),
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
  if (lastError.kind === 'rate_limited') return lastError.retryAfterMs ?? MAX_DELAY_MS;
  return Math.max(MAX_DELAY_MS, DAILY_NOTE_SETTLE_MS);
}
