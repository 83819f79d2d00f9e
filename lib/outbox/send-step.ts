import { InvalidInputError, NotFoundError, titleValue, type WorkspaceApi, type WorkspaceObject } from '../api';
import { appendParts, setResolvedTagId, titleKey, updateRequest, weblinkRequest } from './clip';
import { findTag } from './reconcile';
import { type DeliveryStep, type StoredClip, targetsObject, type WeblinkClip } from './types';
import { unappliedChanges, type WeblinkChanges } from './unapplied';

/** Sending one step of a clip, and writing down what its answer established. */

/** What a step's answer (or the lookup of a lost one) established. */
export type StepResult =
  | { kind: 'tag'; id: string }
  | { kind: 'weblink'; objectId: string; unapplied: WeblinkChanges | null | undefined; fellBack: boolean }
  | { kind: 'completed' }
  /** An update's PATCH, a trash or a restore landed. */
  | { kind: 'changed' }
  | { kind: 'part'; objectId: string | null };

export interface SendHooks {
  /** Runs `task` alone among the tasks of the same key (so two clips never both create a tag). */
  exclusive<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** The properties `POST /object/url` takes in the published reference. */
const WEBLINK_CREATE_PROPERTIES = ['title', 'description'];

/**
 * Creates the weblink with everything (a server that takes it all needs nothing more), or with
 * only what the published reference names when the server is known to refuse the rest, or refuses
 * it now (a 400 on the full form: the reduced one is tried at once; what is missing follows with PATCH).
 */
async function createWeblink(api: WorkspaceApi, stored: StoredClip, clip: WeblinkClip): Promise<StepResult> {
  const asked = weblinkRequest(clip, stored.progress);
  const markdown = clip.notes[0] ? { markdown: clip.notes[0] } : {};
  const full = { url: clip.url, ...markdown, ...asked };
  const reduced = {
    url: clip.url,
    ...markdown,
    properties: Object.fromEntries(
      Object.entries(asked.properties).filter(([id]) => WEBLINK_CREATE_PROPERTIES.includes(id)),
    ),
  };
  const hasMore =
    asked.collections !== undefined || Object.keys(asked.properties).length > Object.keys(reduced.properties).length;
  let object: WorkspaceObject;
  let fellBack = false;
  if (!hasMore || api.traits().weblinkCreate === 'minimal') {
    object = await api.createWeblink(hasMore ? reduced : full);
  } else {
    try {
      object = await api.createWeblink(full);
    } catch (error) {
      // Only the server's own refusal (a 4xx: nothing was created) tells that the form may be the problem.
      if (!(error instanceof InvalidInputError && error.status !== undefined)) throw error;
      object = await api.createWeblink(reduced);
      fellBack = true;
    }
  }
  return { kind: 'weblink', objectId: object.id, unapplied: unappliedChanges(asked, object), fellBack };
}

/** Sends what the weblink lacks; reads it back first when that is not known. */
async function completeWeblink(api: WorkspaceApi, stored: StoredClip, clip: WeblinkClip): Promise<StepResult> {
  const { objectId, unapplied, fellBack } = stored.progress;
  if (objectId === null) throw new Error('complete-weblink before the weblink exists');
  const changes =
    unapplied === undefined
      ? unappliedChanges(weblinkRequest(clip, stored.progress), await api.getObject(objectId))
      : unapplied;
  if (changes !== null) {
    await api.updateObject(objectId, changes);
    // The values the full create was refused with have now been taken: it was the form.
    if (fellBack) api.learn({ weblinkCreate: 'minimal' });
  }
  return { kind: 'completed' };
}

export async function sendStep(
  api: WorkspaceApi,
  stored: StoredClip,
  step: DeliveryStep,
  hooks: SendHooks,
): Promise<StepResult> {
  const { clip } = stored;
  switch (step.kind) {
    case 'find-or-create-tag':
      // Looked for first, so a tag of that name (made by a person, or by a request whose answer
      // was lost) is reused; one clip at a time per title, so two clips never both create it.
      return hooks.exclusive(`tag ${stored.spaceId} ${titleKey(step.title)}`, async () => {
        const existing = await findTag(api, step.title);
        if (existing !== undefined) return { kind: 'tag', id: existing };
        const created = await api.createObject({
          structureId: 'RootTag',
          properties: { title: titleValue(step.title.trim()) },
        });
        return { kind: 'tag', id: created.id };
      });
    case 'create-weblink':
    case 'complete-weblink': {
      if (clip.kind !== 'page' && clip.kind !== 'link') throw new Error(`${step.kind} on a ${clip.kind} clip`);
      return step.kind === 'create-weblink' ? createWeblink(api, stored, clip) : completeWeblink(api, stored, clip);
    }
    case 'patch-object': {
      const changes = clip.kind === 'update' ? updateRequest(clip, stored.progress) : null;
      if (changes === null) throw new Error('patch-object with nothing to change');
      await api.updateObject(clip.kind === 'update' ? clip.objectId : '', changes);
      return { kind: 'changed' };
    }
    case 'trash-object':
      if (clip.kind !== 'trash') throw new Error(`trash-object on a ${clip.kind} clip`);
      return trash(api, clip.objectId);
    case 'restore-object':
      if (clip.kind !== 'restore') throw new Error(`restore-object on a ${clip.kind} clip`);
      await api.restoreObject(clip.objectId);
      return { kind: 'changed' };
    case 'append-part': {
      const markdown = appendParts(stored)[step.index] ?? '';
      if (clip.kind === 'daily-note') {
        await api.appendToDailyNote({ markdown }, { date: clip.date, noTimeStamp: clip.noTimeStamp });
        return { kind: 'part', objectId: null };
      }
      const objectId = targetsObject(clip) ? clip.objectId : stored.progress.objectId;
      if (!objectId) throw new Error('append before the weblink exists');
      await api.appendMarkdown({ objectId, markdown });
      return { kind: 'part', objectId };
    }
  }
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
async function trash(api: WorkspaceApi, objectId: string): Promise<StepResult> {
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
  return { kind: 'changed' };
}

/** Writes what a step established into the clip's progress (persisted by the caller). */
export function record(stored: StoredClip, step: DeliveryStep, result: StepResult): void {
  const { progress } = stored;
  switch (result.kind) {
    case 'tag':
      if (step.kind === 'find-or-create-tag') setResolvedTagId(progress, step.title, result.id);
      return;
    case 'weblink':
      progress.objectId = result.objectId;
      progress.unapplied = result.unapplied;
      progress.fellBack = result.fellBack;
      return;
    case 'completed':
      progress.unapplied = null;
      progress.fellBack = false;
      return;
    case 'changed':
      progress.changed = true;
      return;
    case 'part':
      if (step.kind === 'append-part') progress.partsLanded = step.index + 1;
      if (result.objectId && progress.objectId === null) progress.objectId = result.objectId;
      return;
  }
}
