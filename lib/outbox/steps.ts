import type { AnyStepBlock } from '../clips/kind';
import { kindOf, type StoredClip } from '../clips/registry';
import type { DeliveryStep } from '../clips/stored-clip';

/**
 * A clip's steps, as its kind composes them (lib/clips/<kind>.ts): which is next, what it may call,
 * and how long a lost one waits before it is looked for. Pure, from the clip and its progress.
 */

/** The block of the clip's kind that sends `step`. */
export function blockOf(stored: StoredClip, step: DeliveryStep): AnyStepBlock<unknown> {
  const block = kindOf(stored.clip.kind).steps.find((candidate) => candidate.step === step.kind);
  if (!block) throw new Error(`a ${stored.clip.kind} clip has no step "${step.kind}"`);
  return block;
}

/** What is left to do for a clip, or null when everything landed. */
export function nextStep(stored: StoredClip): DeliveryStep | null {
  for (const block of kindOf(stored.clip.kind).steps) {
    const step = block.next(stored);
    if (step !== null) return step;
  }
  return null;
}

/**
 * Every `METHOD /path` the clip's next attempt may call: the step's own request, and the lookups
 * of a lost answer. A 429 on any of them holds the clip back (rate limits are per endpoint).
 */
export function attemptEndpoints(stored: StoredClip): readonly string[] {
  const step = stored.inFlight?.step ?? nextStep(stored);
  if (step === null) return [];
  return blockOf(stored, step).endpoints(stored, step, stored.inFlight !== null);
}

/** How long after its answer was lost the in-flight step may be looked for (0: at once). */
export function lookupDelayAfterLoss(stored: StoredClip): number {
  return stored.inFlight === null ? 0 : blockOf(stored, stored.inFlight.step).settleMs;
}

export function stepName(stored: StoredClip, step: DeliveryStep): string {
  return blockOf(stored, step).describe(step);
}
