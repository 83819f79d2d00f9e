import {
  entityValue,
  InvalidInputError,
  isApiError,
  type PropertyValueInput,
  titleValue,
  type WorkspaceApi,
  type WorkspaceObject,
} from '../api';
import {
  appendTarget,
  DAILY_NOTE_SETTLE_MS,
  findTag,
  findWeblink,
  LOST_REQUEST_SETTLE_MS,
  markdownContains,
  titleKey,
  weblinkTitle,
} from './reconcile';
import { type ClipProgress, type DeliveryStep, isWeblinkClip, type StoredClip, type WeblinkClip } from './types';
import { unappliedChanges, type WeblinkChanges } from './unapplied';

/** The Markdown parts a clip appends after its first request (for weblinks, notes beyond the first part). */
export function appendParts(stored: StoredClip): string[] {
  const { clip } = stored;
  return isWeblinkClip(clip) ? clip.notes.slice(1) : clip.parts;
}

/**
 * The id found or created for a new tag. `tagIds` is a plain object stored in IndexedDB, so it is
 * read and written as own properties only: a tag called "constructor" or "__proto__" must not
 * find Object.prototype's members.
 */
export function resolvedTagId(progress: ClipProgress, title: string): string | undefined {
  const key = titleKey(title);
  return Object.hasOwn(progress.tagIds, key) ? progress.tagIds[key] : undefined;
}

function setResolvedTagId(progress: ClipProgress, title: string, id: string): void {
  Object.defineProperty(progress.tagIds, titleKey(title), {
    value: id,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Titles of the clip's new tags; a blank title names no tag and is skipped. */
function newTagTitles(clip: WeblinkClip): string[] {
  return clip.tags.flatMap((tag) => (tag.kind === 'new' && tag.title.trim() !== '' ? [tag.title] : []));
}

/** What is left to do for a clip, or null when everything landed. */
export function nextStep(stored: StoredClip): DeliveryStep | null {
  const { clip, progress } = stored;
  if (isWeblinkClip(clip)) {
    const title = newTagTitles(clip).find((candidate) => resolvedTagId(progress, candidate) === undefined);
    if (title !== undefined) return { kind: 'find-or-create-tag', title };
    if (progress.objectId === null) return { kind: 'create-weblink' };
    if (progress.unapplied !== null) return { kind: 'complete-weblink' };
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

/**
 * Thrown when a lost request cannot be looked for yet (it may still be on its way, and the service
 * applies daily-note appends after answering): the clip waits until `until` without counting a
 * failed attempt.
 */
export class NotYetSettled extends Error {
  constructor(readonly until: number) {
    super('A lost daily-note append may not have been applied yet.');
  }
}

/** How long after its answer was lost the in-flight step may be looked for (0: at once). */
export function lookupDelayAfterLoss(stored: StoredClip): number {
  if (stored.inFlight === null) return 0;
  return stored.inFlight.step.kind === 'append-part' && stored.clip.kind === 'daily-note'
    ? DAILY_NOTE_SETTLE_MS
    : LOST_REQUEST_SETTLE_MS;
}

export interface DeliveryHooks {
  /** Stores the clip; resolves once durable. Called before each request and after each answer. */
  persist(stored: StoredClip): Promise<void>;
  now(): number;
  /** Runs `task` alone among the tasks of the same key (so two clips never both create a tag). */
  exclusive<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Ids of objects other clips created (in the outbox or its history), never taken as this clip's result. */
  otherResults(stored: StoredClip): Promise<ReadonlySet<string>>;
  /** The id of the weblink type's own URL property in the clip's space, when known (found by type). */
  weblinkUrlProperty(spaceId: string): Promise<string | undefined>;
}

/** What a step's answer (or the lookup of a lost one) established. */
type StepResult =
  | { kind: 'tag'; id: string }
  | { kind: 'weblink'; objectId: string; unapplied: WeblinkChanges | null | undefined; fellBack: boolean }
  | { kind: 'completed' }
  | { kind: 'part'; objectId: string | null };

/**
 * Sends what is left of a clip, one step at a time, recording each step before its request goes
 * out and its result as soon as it lands. A step whose earlier answer was lost is looked up first
 * (see reconcile.ts) and only sent again if it did not land. Throws what stopped it (an API error,
 * or NotYetSettled); the outbox decides what that means for the clip.
 */
export async function deliver(api: WorkspaceApi, stored: StoredClip, hooks: DeliveryHooks): Promise<void> {
  if (stored.inFlight !== null) await settleLostStep(api, stored, hooks);
  for (let step = nextStep(stored); step !== null; step = nextStep(stored)) {
    stored.inFlight = { step, startedAt: hooks.now() };
    await hooks.persist(stored);
    let result: StepResult;
    try {
      result = await send(api, stored, step, hooks);
    } catch (error) {
      // Only an answer that may hide a change keeps the step marked for a lookup.
      if (!(isApiError(error) && error.mayHaveBeenApplied)) stored.inFlight = null;
      throw error;
    }
    record(stored, step, result);
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
  // After a worker stop, the time of the loss is unknown: the request's start is the earliest it
  // can be. A start in the future means the clock was set back since: count from now instead.
  inFlight.startedAt = Math.min(inFlight.startedAt, hooks.now());
  const until = inFlight.startedAt + lookupDelayAfterLoss(stored);
  if (hooks.now() < until) throw new NotYetSettled(until);
  const landed = await lookUpLostStep(api, stored, inFlight.step, inFlight.startedAt, hooks);
  stored.inFlight = null;
  if (inFlight.step.kind === 'complete-weblink') {
    // Setting the same values again changes nothing: it is simply sent again.
    await hooks.persist(stored);
    return;
  }
  if (landed === undefined) {
    note(
      stored,
      hooks.now(),
      `Not found on the server after a lost answer; sending again (${stepName(inFlight.step)}).`,
    );
  } else {
    record(stored, inFlight.step, landed);
    note(stored, hooks.now(), `Found on the server after a lost answer (${stepName(inFlight.step)}).`);
  }
  await hooks.persist(stored);
}

/** The result of a step that may have landed, or undefined when it did not. */
async function lookUpLostStep(
  api: WorkspaceApi,
  stored: StoredClip,
  step: DeliveryStep,
  startedAt: number,
  hooks: DeliveryHooks,
): Promise<StepResult | undefined> {
  const { clip } = stored;
  switch (step.kind) {
    case 'find-or-create-tag': {
      const id = await findTag(api, step.title);
      return id === undefined ? undefined : { kind: 'tag', id };
    }
    case 'create-weblink': {
      if (!isWeblinkClip(clip)) return undefined;
      const object = await findWeblink(api, clip, {
        startedAt,
        otherResults: await hooks.otherResults(stored),
        urlPropertyId: await hooks.weblinkUrlProperty(stored.spaceId),
      });
      if (object === undefined) return undefined;
      return {
        kind: 'weblink',
        objectId: object.id,
        unapplied: unappliedChanges(weblinkRequest(stored), object),
        fellBack: false,
      };
    }
    case 'complete-weblink':
      return undefined;
    case 'append-part': {
      const target = await appendTarget(api, stored);
      if (target === undefined) return undefined;
      const part = appendParts(stored)[step.index] ?? '';
      return (await markdownContains(api, target, part)) ? { kind: 'part', objectId: target } : undefined;
    }
  }
}

/** Everything a weblink clip asks for: title, tags (new ones by the ids they were given), typed properties, collection. */
function weblinkRequest(stored: StoredClip): {
  properties: Record<string, PropertyValueInput>;
  collections?: string[];
} {
  const { clip } = stored;
  if (!isWeblinkClip(clip)) throw new Error('a weblink request of a non-weblink clip');
  const tagIds = clip.tags.flatMap((tag) => {
    const id = tag.kind === 'existing' ? tag.id : resolvedTagId(stored.progress, tag.title);
    return id === undefined ? [] : [id];
  });
  const properties: Record<string, PropertyValueInput> = { ...clip.properties, title: titleValue(weblinkTitle(clip)) };
  if (tagIds.length > 0) properties.tags = entityValue([...new Set(tagIds)]);
  return { properties, ...(clip.collections === undefined ? {} : { collections: clip.collections }) };
}

/** The properties `POST /object/url` takes in the published reference. */
const WEBLINK_CREATE_PROPERTIES = ['title', 'description'];

/**
 * Creates the weblink with everything (a server that takes it all needs nothing more), or with only
 * what the published reference names when the server is known to refuse the rest, or refuses it
 * now (a 400 on the full form: the reduced form is tried at once; what is missing follows with PATCH).
 */
async function createWeblink(api: WorkspaceApi, stored: StoredClip, clip: WeblinkClip): Promise<StepResult> {
  const asked = weblinkRequest(stored);
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
async function completeWeblink(api: WorkspaceApi, stored: StoredClip): Promise<StepResult> {
  const { objectId, unapplied, fellBack } = stored.progress;
  if (objectId === null) throw new Error('complete-weblink before the weblink exists');
  const changes =
    unapplied === undefined ? unappliedChanges(weblinkRequest(stored), await api.getObject(objectId)) : unapplied;
  if (changes !== null) {
    await api.updateObject(objectId, changes);
    // The same values the full create was refused with have now been taken: it was the form.
    if (fellBack) api.learn({ weblinkCreate: 'minimal' });
  }
  return { kind: 'completed' };
}

async function send(
  api: WorkspaceApi,
  stored: StoredClip,
  step: DeliveryStep,
  hooks: DeliveryHooks,
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
      if (!isWeblinkClip(clip)) throw new Error('create-weblink on a non-weblink clip');
      return createWeblink(api, stored, clip);
    case 'complete-weblink':
      return completeWeblink(api, stored);
    case 'append-part': {
      const markdown = appendParts(stored)[step.index] ?? '';
      if (clip.kind === 'daily-note') {
        await api.appendToDailyNote({ markdown }, { date: clip.date, noTimeStamp: clip.noTimeStamp });
        return { kind: 'part', objectId: null };
      }
      const objectId = clip.kind === 'append' ? clip.objectId : stored.progress.objectId;
      if (!objectId) throw new Error('append before the weblink exists');
      await api.appendMarkdown({ objectId, markdown });
      return { kind: 'part', objectId };
    }
  }
}

function record(stored: StoredClip, step: DeliveryStep, result: StepResult): void {
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
    case 'part':
      if (step.kind === 'append-part') progress.partsLanded = step.index + 1;
      if (result.objectId && progress.objectId === null) progress.objectId = result.objectId;
      return;
  }
}

function stepName(step: DeliveryStep): string {
  switch (step.kind) {
    case 'find-or-create-tag':
      return `tag "${step.title}"`;
    case 'create-weblink':
      return 'weblink';
    case 'complete-weblink':
      return "the weblink's tags, properties and collection";
    case 'append-part':
      return `part ${step.index + 1}`;
  }
}

const MAX_EVENTS = 20;

export function note(stored: StoredClip, at: number, text: string): void {
  stored.events.push({ at, text });
  if (stored.events.length > MAX_EVENTS) stored.events.splice(0, stored.events.length - MAX_EVENTS);
}
