import { describeError } from './error-text';
import type { ClipOutcome, Result } from './messaging';

/**
 * What became of a clip, for a person: it landed, it waits in the outbox (queued, or until its
 * space is signed in again), or it failed; `reason` is why it did not land yet, in words ('' when
 * nothing went wrong).
 */
export function clipOutcome(result: Result<ClipOutcome>): { state: 'landed' | 'waiting' | 'failed'; reason: string } {
  if (!result.ok) return { state: 'failed', reason: describeError(result.error) };
  const outcome = result.value;
  if (outcome.state === 'landed') return { state: 'landed', reason: '' };
  return {
    state: outcome.state === 'failed' ? 'failed' : 'waiting',
    reason: outcome.error ? describeError(outcome.error) : '',
  };
}
