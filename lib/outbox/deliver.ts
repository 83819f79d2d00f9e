import { entityValue, isApiError, type PropertyValueInput, titleValue, type WorkspaceApi } from '../api';
import { appendTarget, DAILY_NOTE_SETTLE_MS, findTag, findWeblink, markdownContains } from './reconcile';
import { type DeliveryStep, isWeblinkClip, type StoredClip } from './types';

/** The Markdown parts a clip appends after its first request (for weblinks, notes beyond the first part). */
export function appendParts(stored: StoredClip): string[] {
  const { clip } = stored;
  return isWeblinkClip(clip) ? clip.notes.slice(1) : clip.parts;
}

/** What is left to do for a clip, or null when everything landed. */
export function nextStep(stored: StoredClip): DeliveryStep | null {
  const { clip, progress } = stored;
  if (isWeblinkClip(clip)) {
    for (const tag of clip.tags) {
      if (tag.kind === 'new' && progress.tagIds[tag.title.trim().toLocaleLowerCase()] === undefined) {
        return { kind: 'find-or-create-tag', title: tag.title };
      }
    }
    if (progress.objectId === null) return { kind: 'create-weblink' };
  }
  return progress.partsLanded < appendParts(stored).length
    ? { kind: 'append-part', index: progress.partsLanded }
    : null;
}

/** `METHOD /path` of a step's main request, for per-endpoint rate limits. */
export function stepEndpoint(stored: StoredClip, step: DeliveryStep): string {
  switch (step.kind) {
    case 'find-or-create-tag':
      return 'POST /object';
    case 'create-weblink':
      return 'POST /object/url';
    case 'append-part':
      return stored.clip.kind === 'daily-note' ? 'POST /blocks/daily-note/append' : 'POST /blocks/markdown/append';
  }
}

export interface DeliveryHooks {
  /** Stores the clip; resolves once durable. Called before each request and after each answer. */
  save(stored: StoredClip): Promise<void>;
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * Sends what is left of a clip, one step at a time, recording each step before its request goes
 * out and its result as soon as it lands. A step whose earlier answer was lost is looked up first
 * (see reconcile.ts) and only sent again if it did not land. Throws the API error that stopped it;
 * the outbox decides what that means for the clip.
 */
export async function deliver(api: WorkspaceApi, stored: StoredClip, hooks: DeliveryHooks): Promise<void> {
  for (let step = nextStep(stored); step !== null; step = nextStep(stored)) {
    if (stored.inFlight !== null) {
      const landed = await lookUpLostStep(api, stored, step, stored.inFlight.startedAt, hooks);
      stored.inFlight = null;
      if (landed !== undefined) {
        record(stored, step, landed);
        note(stored, hooks.now(), `Found on the server after a lost answer (${stepName(step)}).`);
        await hooks.save(stored);
        continue;
      }
    }
    stored.inFlight = { step, startedAt: hooks.now() };
    await hooks.save(stored);
    try {
      record(stored, step, await send(api, stored, step));
    } catch (error) {
      // Only an answer that may hide a change keeps the step marked for a lookup.
      if (!(isApiError(error) && error.mayHaveBeenApplied)) stored.inFlight = null;
      throw error;
    }
    stored.inFlight = null;
    await hooks.save(stored);
  }
}

/** The result of a step that may have landed, or undefined when it did not. */
async function lookUpLostStep(
  api: WorkspaceApi,
  stored: StoredClip,
  step: DeliveryStep,
  startedAt: number,
  hooks: DeliveryHooks,
): Promise<string | undefined> {
  const { clip } = stored;
  switch (step.kind) {
    case 'find-or-create-tag':
      return findTag(api, step.title);
    case 'create-weblink':
      if (!isWeblinkClip(clip)) return undefined;
      return findWeblink(api, clip, startedAt);
    case 'append-part': {
      if (clip.kind === 'daily-note') {
        const wait = startedAt + DAILY_NOTE_SETTLE_MS - hooks.now();
        if (wait > 0) await hooks.sleep(wait);
      }
      const target = await appendTarget(api, stored);
      if (target === undefined) return undefined;
      const part = appendParts(stored)[step.index] ?? '';
      return (await markdownContains(api, target, part)) ? target : undefined;
    }
  }
}

async function send(api: WorkspaceApi, stored: StoredClip, step: DeliveryStep): Promise<string> {
  const { clip } = stored;
  switch (step.kind) {
    case 'find-or-create-tag': {
      const existing = await findTag(api, step.title);
      if (existing !== undefined) return existing;
      const created = await api.createObject({
        structureId: 'RootTag',
        properties: { title: titleValue(step.title.trim()) },
      });
      return created.id;
    }
    case 'create-weblink': {
      if (!isWeblinkClip(clip)) throw new Error('create-weblink on a non-weblink clip');
      const tagIds = clip.tags.map((tag) =>
        tag.kind === 'existing' ? tag.id : (stored.progress.tagIds[tag.title.trim().toLocaleLowerCase()] as string),
      );
      const properties: Record<string, PropertyValueInput> = { ...clip.properties, title: titleValue(clip.title) };
      if (tagIds.length > 0) properties.tags = entityValue([...new Set(tagIds)]);
      const object = await api.createWeblink({
        url: clip.url,
        properties,
        ...(clip.notes[0] ? { markdown: clip.notes[0] } : {}),
        ...(clip.collections === undefined ? {} : { collections: clip.collections }),
      });
      return object.id;
    }
    case 'append-part': {
      const markdown = appendParts(stored)[step.index] ?? '';
      if (clip.kind === 'daily-note') {
        await api.appendToDailyNote({ markdown }, { date: clip.date, noTimeStamp: clip.noTimeStamp });
        return '';
      }
      const objectId = clip.kind === 'append' ? clip.objectId : stored.progress.objectId;
      if (!objectId) throw new Error('append before the weblink exists');
      await api.appendMarkdown({ objectId, markdown });
      return objectId;
    }
  }
}

function record(stored: StoredClip, step: DeliveryStep, result: string): void {
  switch (step.kind) {
    case 'find-or-create-tag':
      stored.progress.tagIds[step.title.trim().toLocaleLowerCase()] = result;
      return;
    case 'create-weblink':
      stored.progress.objectId = result;
      return;
    case 'append-part':
      stored.progress.partsLanded = step.index + 1;
      if (result && stored.progress.objectId === null) stored.progress.objectId = result;
      return;
  }
}

function stepName(step: DeliveryStep): string {
  switch (step.kind) {
    case 'find-or-create-tag':
      return `tag "${step.title}"`;
    case 'create-weblink':
      return 'weblink';
    case 'append-part':
      return `part ${step.index + 1}`;
  }
}

const MAX_EVENTS = 20;

export function note(stored: StoredClip, at: number, text: string): void {
  stored.events.push({ at, text });
  if (stored.events.length > MAX_EVENTS) stored.events.splice(0, stored.events.length - MAX_EVENTS);
}
