import { InvalidInputError, NotFoundError, type PropertyValueInput, type WorkspaceApi } from '../../api';
import { defineStepBlock, type StepBlock } from '../kind';
import { LOST_REQUEST_SETTLE_MS, unlessGone } from '../lost-answers';
import type { DeliveryStep } from '../stored-clip';

/** Changes to an object clipped earlier: its values (one PATCH), or a move to the trash and back. */

type ObjectClip = { objectId: string };

/** The PATCH of an object's values: only the keys that change. */
export interface ObjectChanges {
  properties?: Record<string, PropertyValueInput>;
  collections?: string[];
}

interface ChangeStep<K extends string> extends DeliveryStep {
  kind: K;
}

/**
 * One PATCH of the values `changesOf` gives (null: nothing to change, no step). Setting the same
 * values again changes nothing, so a lost one is sent again rather than looked for.
 */
export function patchBlock<P extends ObjectClip>(
  changesOf: (stored: Parameters<StepBlock<P>['next']>[0]) => ObjectChanges | null,
): StepBlock<P, ChangeStep<'patch-object'>, true> {
  return defineStepBlock<P, ChangeStep<'patch-object'>, true>({
    step: 'patch-object',
    next: (stored) => (stored.progress.changed || changesOf(stored) === null ? null : { kind: 'patch-object' }),
    async send(api, stored) {
      const changes = changesOf(stored);
      if (changes === null) throw new Error('patch-object with nothing to change');
      await api.updateObject(stored.clip.objectId, changes);
      return true;
    },
    record(stored) {
      stored.progress.changed = true;
    },
    endpoints: () => ['PATCH /object'],
    settleMs: LOST_REQUEST_SETTLE_MS,
    describe: () => 'the changes',
  });
}

/**
 * Moves the object to the trash (never deleted for good). Already gone counts as done: the person
 * may have trashed it in the app, or an earlier request whose answer was lost did. The first time
 * a server is asked, it is first asked whether it can restore, with a PATCH asking for the trash:
 * a server that knows `deleteRequested` (the published reference) takes it, one that does not (the
 * spec shows no restore) refuses it, so "Restore" is offered only where it works. The question is
 * asked before the DELETE, because the published service answers 404 for an object already in the
 * trash; a 404 (the object gone meanwhile) tells nothing, and the next trash asks again.
 */
async function trash(api: WorkspaceApi, objectId: string): Promise<true> {
  if (api.traits().restore === undefined) {
    try {
      await api.updateObject(objectId, { deleteRequested: true });
      api.learn({ restore: true });
    } catch (error) {
      if (error instanceof InvalidInputError && error.status !== undefined) api.learn({ restore: false });
    }
  }
  try {
    await api.deleteObject(objectId);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  return true;
}

export const trashBlock = defineStepBlock<ObjectClip, ChangeStep<'trash-object'>, true>({
  step: 'trash-object',
  next: (stored) => (stored.progress.changed ? null : { kind: 'trash-object' }),
  send: (api, stored) => trash(api, stored.clip.objectId),
  // In the trash (or gone) it reads as not found: then the lost request did its work.
  async lookUp(api, stored) {
    return (await unlessGone(api.getObject(stored.clip.objectId))) === undefined ? true : undefined;
  },
  record(stored) {
    stored.progress.changed = true;
  },
  // A lost one is looked for with GET; a landed one may ask once whether the server restores.
  endpoints: (_stored, _step, reconciling) =>
    reconciling ? ['GET /object', 'DELETE /object'] : ['DELETE /object', 'PATCH /object'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: () => 'the move to the trash',
});

/** Brings the object back from the trash (`PATCH` with `deleteRequested: false`); sent again if lost. */
export const restoreBlock = defineStepBlock<ObjectClip, ChangeStep<'restore-object'>, true>({
  step: 'restore-object',
  next: (stored) => (stored.progress.changed ? null : { kind: 'restore-object' }),
  async send(api, stored) {
    await api.restoreObject(stored.clip.objectId);
    return true;
  },
  record(stored) {
    stored.progress.changed = true;
  },
  endpoints: () => ['PATCH /object'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: () => 'the restore',
});
