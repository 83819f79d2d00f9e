import type { StoredClip } from '../clips/registry';
import { note } from '../clips/stored-clip';
import { ClipGone, type ClipMemory } from './clip-memory';
import { type DeliveryHooks, deliver, NotYetSettled } from './deliver';
import type { OutboxEnvironment } from './environment';
import { afterFailure } from './retry-policy';

/** Observers must not undo what is already stored. */
export function tell(callback: () => void): void {
  try {
    callback();
  } catch {
    // Deliberately ignored: the outbox's state is durable and correct whatever an observer does.
  }
}

export interface AttemptContext {
  env: OutboxEnvironment;
  memory: ClipMemory;
  hooks: DeliveryHooks;
  now(): number;
  random(): number;
  /** A 429 (or a request held back for the budget): the endpoint of the clip's space waits until then. */
  holdEndpoint(spaceId: string, endpoint: string, until: number): void;
}

/**
 * One attempt at a clip: its remaining steps delivered, then landed into the history; or, when
 * something stopped it, what that means for the clip (retry-policy.ts) written to it. Never
 * rejects: whatever stopped it is recorded on the clip.
 */
export async function attemptClip(stored: StoredClip, context: AttemptContext): Promise<void> {
  const { env, memory, now } = context;
  try {
    try {
      await deliver(await env.apiFor(stored.spaceId), stored, context.hooks);
      const landed = await memory.land(stored);
      tell(() => env.landed(structuredClone(stored), landed));
    } catch (error) {
      if (error instanceof ClipGone) return;
      const at = now();
      const waitUntil = error instanceof NotYetSettled ? error.until : undefined;
      const outcome = afterFailure(stored, error, at, context.random, waitUntil);
      Object.assign(stored, outcome.changes);
      note(stored, at, outcome.event);
      if (outcome.blockEndpoint) {
        context.holdEndpoint(stored.spaceId, outcome.blockEndpoint.endpoint, outcome.blockEndpoint.until);
      }
      await memory.persist(stored);
      if (outcome.tellPerson) tell(() => env.failed(structuredClone(stored)));
    }
  } catch {
    // Only storage can fail here. The clip keeps its state in memory (so this worker does not
    // retry it early) and in IndexedDB the last state that was written, which a restart resumes.
  }
}
