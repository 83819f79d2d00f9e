import type { ApiError } from '../api';

/** First retry after about a second, doubling up to a minute: cheap while offline, quick once back. */
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 60_000;

/**
 * Exponential backoff with jitter (a random 50–100 % of the step), so many clips that failed
 * together do not retry together.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step * (0.5 + random() * 0.5));
}

/** What an error means for a clip. */
export type ErrorOutcome =
  /** Try again after `delayMs` (exactly Retry-After for 429). */
  | { kind: 'retry'; delayMs: number; rateLimited: boolean }
  /** Wait until the connection is signed in again. */
  | { kind: 'needs-sign-in' }
  /** The server refused the clip itself: a person must fix or discard it. */
  | { kind: 'failed' };

export function classifyError(error: ApiError, attempts: number, random?: () => number): ErrorOutcome {
  switch (error.kind) {
    case 'rate_limited':
      return { kind: 'retry', delayMs: (error as ApiError & { retryAfterMs: number }).retryAfterMs, rateLimited: true };
    case 'network':
    case 'aborted':
    case 'server':
    case 'malformed_response':
      return { kind: 'retry', delayMs: backoffDelay(attempts, random), rateLimited: false };
    case 'not_authenticated':
      return { kind: 'needs-sign-in' };
    case 'oauth':
      // A refresh that failed for a transient reason (not invalid_grant, which is not_authenticated).
      return error.code === 'server_error' || error.code === 'temporarily_unavailable'
        ? { kind: 'retry', delayMs: backoffDelay(attempts, random), rateLimited: false }
        : { kind: 'needs-sign-in' };
    case 'invalid_input':
    case 'forbidden':
    case 'not_found':
      return { kind: 'failed' };
  }
}
