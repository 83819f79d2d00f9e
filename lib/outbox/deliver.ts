import { isApiError, type WorkspaceApi } from '../api';
import type { SendHooks } from '../clips/kind';
import type { StoredClip } from '../clips/registry';
import { note } from '../clips/stored-clip';
import { blockOf, lookupDelayAfterLoss, nextStep, stepName } from './steps';

/**
 * Thrown when a lost request cannot be looked for yet (it may still be on its way, and the service
 * applies daily-note appends after answering): the clip waits until `until` without counting a
 * failed attempt.
 */
export class NotYetSettled extends Error {
  constructor(readonly until: number) {
    super('A lost request may not have been applied yet.');
  }
}

export interface DeliveryHooks extends SendHooks {
  /** Stores the clip; resolves once durable. Called before each request and after each answer. */
  persist(stored: StoredClip): Promise<void>;
  now(): number;
  /** Ids of objects other clips created (in the outbox or its history), never taken as this clip's result. */
  otherResults(stored: StoredClip): Promise<ReadonlySet<string>>;
  /** The id of the weblink type's own URL property in the clip's space, when known (found by type). */
  weblinkUrlProperty(spaceId: string): Promise<string | undefined>;
}

/**
 * Sends what is left of a clip, one step at a time, recording each step before its request goes
 * out and its result as soon as it lands. A step whose earlier answer was lost is looked up first
 * (its block's `lookUp`) and only sent again if it did not land. Throws what stopped it (an API
 * error, or NotYetSettled); the outbox decides what that means for the clip.
 */
export async function deliver(api: WorkspaceApi, stored: StoredClip, hooks: DeliveryHooks): Promise<void> {
  if (stored.inFlight !== null) await settleLostStep(api, stored, hooks);
  for (let step = nextStep(stored); step !== null; step = nextStep(stored)) {
    const block = blockOf(stored, step);
    stored.inFlight = { step, startedAt: hooks.now() };
    await hooks.persist(stored);
    let result: unknown;
    try {
      result = await block.send(api, stored, step, hooks);
    } catch (error) {
      // Only an answer that may hide a change keeps the step marked for a lookup.
      if (!(isApiError(error) && error.mayHaveBeenApplied)) stored.inFlight = null;
      throw error;
    }
    block.record(stored, step, result);
    stored.inFlight = null;
    await hooks.persist(stored);
  }
}

/**
 * The step recorded as in flight (its answer was lost, or the worker stopped while waiting for
 * it) is looked for on the server: recorded if it landed, otherwise cleared so it is sent again.
 * The recorded step is the one looked for, not `nextStep`, which an edit may have changed.
 */
async function settleLostStep(api: WorkspaceApi, stored: StoredClip, hooks: DeliveryHooks): Promise<void> {
  const inFlight = stored.inFlight;
  if (inFlight === null) return;
  const block = blockOf(stored, inFlight.step);
  const lookUp = block.lookUp;
  if (lookUp === undefined) {
    // A step that only sets values: setting them again changes nothing, so it is simply sent again.
    stored.inFlight = null;
    await hooks.persist(stored);
    return;
  }
  // After a worker stop, the time of the loss is unknown: the request's start is the earliest it
  // can be. A start in the future means the clock was set back since: count from now instead.
  inFlight.startedAt = Math.min(inFlight.startedAt, hooks.now());
  const until = inFlight.startedAt + lookupDelayAfterLoss(stored);
  if (hooks.now() < until) throw new NotYetSettled(until);
  const landed = await lookUp(api, stored, inFlight.step, {
    startedAt: inFlight.startedAt,
    otherResults: () => hooks.otherResults(stored),
    urlPropertyId: () => hooks.weblinkUrlProperty(stored.spaceId),
  });
  stored.inFlight = null;
  const name = stepName(stored, inFlight.step);
  if (landed === undefined) {
    // Not written here: the step is recorded again before it is sent, which writes this too. A
    // worker stopped in between looks once more, as it would have after a stop during the lookup.
    note(stored, hooks.now(), `Not found on the server after a lost answer; sending again (${name}).`);
    return;
  }
  block.record(stored, inFlight.step, landed);
  note(stored, hooks.now(), `Found on the server after a lost answer (${name}).`);
  await hooks.persist(stored);
}
