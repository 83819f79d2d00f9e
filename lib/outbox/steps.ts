import { appendParts, newTagTitles, resolvedTagId, updateRequest } from './clip';
import { DAILY_NOTE_SETTLE_MS, LOST_REQUEST_SETTLE_MS } from './reconcile';
import { type DeliveryStep, isWeblinkClip, type StoredClip } from './types';

/** The steps of a clip, in order, and what each may call: pure, from the clip and its progress. */

/** What is left to do for a clip, or null when everything landed. */
export function nextStep(stored: StoredClip): DeliveryStep | null {
  const { clip, progress } = stored;
  if (isWeblinkClip(clip) || clip.kind === 'update') {
    const title = newTagTitles(clip).find((candidate) => resolvedTagId(progress, candidate) === undefined);
    if (title !== undefined) return { kind: 'find-or-create-tag', title };
  }
  if (isWeblinkClip(clip)) {
    if (progress.objectId === null) return { kind: 'create-weblink' };
    if (progress.unapplied !== null) return { kind: 'complete-weblink' };
  }
  if (clip.kind === 'update' && !progress.changed && updateRequest(clip, progress) !== null) {
    return { kind: 'patch-object' };
  }
  if (clip.kind === 'trash' || clip.kind === 'restore') {
    return progress.changed ? null : { kind: clip.kind === 'trash' ? 'trash-object' : 'restore-object' };
  }
  return progress.partsLanded < appendParts(stored).length
    ? { kind: 'append-part', index: progress.partsLanded }
    : null;
}

/**
 * Every `METHOD /path` the clip's next attempt may call: the step's own request, and the lookups
 * of a lost answer. A 429 on any of them holds the clip back (rate limits are per endpoint).
 */
export function attemptEndpoints(stored: StoredClip): string[] {
  const step = stored.inFlight?.step ?? nextStep(stored);
  if (step === null) return [];
  const reconciling = stored.inFlight !== null;
  switch (step.kind) {
    case 'find-or-create-tag':
      return ['POST /objects/search', 'POST /object'];
    case 'create-weblink':
      return reconciling ? ['POST /objects/search', 'GET /object', 'POST /object/url'] : ['POST /object/url'];
    case 'complete-weblink':
      return stored.progress.unapplied === undefined ? ['GET /object', 'PATCH /object'] : ['PATCH /object'];
    case 'patch-object':
    case 'restore-object':
      return ['PATCH /object'];
    case 'trash-object':
      // A lost one is looked for with GET; a landed one may ask once whether the server restores.
      return reconciling ? ['GET /object', 'DELETE /object'] : ['DELETE /object', 'PATCH /object'];
    case 'append-part': {
      const daily = stored.clip.kind === 'daily-note';
      const sends = daily
        ? ['POST /blocks/daily-note/append']
        : ['POST /blocks/append', 'POST /blocks/markdown/append'];
      if (!reconciling) return sends;
      return daily
        ? ['POST /objects/search', 'GET /object', 'GET /object/markdown', ...sends]
        : ['GET /object/markdown', ...sends];
    }
  }
}

/** Steps that set values: sending one again changes nothing, so a lost one is sent again, not looked for. */
export function isIdempotent(step: DeliveryStep): boolean {
  return step.kind === 'complete-weblink' || step.kind === 'patch-object' || step.kind === 'restore-object';
}

/** How long after its answer was lost the in-flight step may be looked for (0: at once). */
export function lookupDelayAfterLoss(stored: StoredClip): number {
  if (stored.inFlight === null) return 0;
  return stored.inFlight.step.kind === 'append-part' && stored.clip.kind === 'daily-note'
    ? DAILY_NOTE_SETTLE_MS
    : LOST_REQUEST_SETTLE_MS;
}

export function stepName(step: DeliveryStep): string {
  switch (step.kind) {
    case 'find-or-create-tag':
      return `tag "${step.title}"`;
    case 'create-weblink':
      return 'weblink';
    case 'complete-weblink':
      return "the weblink's tags, properties and collection";
    case 'patch-object':
      return 'the changes';
    case 'trash-object':
      return 'the move to the trash';
    case 'restore-object':
      return 'the restore';
    case 'append-part':
      return `part ${step.index + 1}`;
  }
}
