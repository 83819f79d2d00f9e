import { z } from 'zod/mini';
import { typesWithBody, WEBLINK_STRUCTURE } from '../api';
import { InvalidInputError } from '../api/errors';
import { propertiesInputSchema } from '../api/schemas/property-values';
import { apiForSpace } from '../auth/space-api';
import { MAX_CLIP_BYTES, MAX_PART_BYTES } from '../clip/clip-limits';
import { dailyNoteDate } from '../clip/daily-note-date';
import { splitMarkdown, utf8Length } from '../clip/split-markdown';
import { clipTooLarge } from '../error-text';
import type { ClipOutcome, ClipRequest, FoundObject, OutboxView, QueuedClip, WeblinkForm } from '../messaging';
import { clipTitle } from '../outbox/clip';
import { findWeblink } from '../outbox/reconcile';
import { type ClipPayload, isWeblinkClip, type StoredClip } from '../outbox/types';
import { samePage } from '../page-url';
import { EMPTY_SPACE_PREFERENCES, settingsItem, spacePreferencesItem } from '../storage';
import { outbox } from './outbox-service';
import { readPage } from './page-reader';
import { asResult, handle } from './router';
import { structuresFor, weblinkUrlProperty } from './space-structures';

/** The clip limits, defined in lib/clip so that the content script stops at the same one. */
export { MAX_CLIP_BYTES, MAX_PART_BYTES };

/** How long `saveClip` waits for the first attempt before answering "queued". */
const FIRST_ATTEMPT_WAIT_MS = 8_000;
const RECENT_TAGS_KEPT = 30;

const text = (max: number) => z.string().check(z.maxLength(max));
const id = () => z.string().check(z.minLength(1), z.maxLength(200));
const sourceSchema = z.strictObject({ url: text(8_000), title: text(2_000) });
const tagRefSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('existing'), id: id(), title: text(1_000) }),
  z.strictObject({ kind: z.literal('new'), title: z.string().check(z.minLength(1), z.maxLength(1_000)) }),
]);
const clipRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.enum(['page', 'link']),
    url: text(8_000),
    title: text(2_000),
    tags: z.array(tagRefSchema).check(z.maxLength(200)),
    properties: propertiesInputSchema,
    collections: z.optional(z.array(id())),
    notes: text(MAX_CLIP_BYTES),
    existingObjectIds: z.array(id()),
  }),
  z.strictObject({
    kind: z.literal('daily-note'),
    markdown: text(MAX_CLIP_BYTES),
    source: sourceSchema,
    noTimeStamp: z.optional(z.boolean()),
    date: z.optional(text(40)),
  }),
  z.strictObject({
    kind: z.literal('append'),
    objectId: id(),
    objectTitle: text(2_000),
    markdown: text(MAX_CLIP_BYTES),
    source: sourceSchema,
  }),
]);

/** Markdown in parts small enough for one request; refused, with the reason, when far too large. */
function parts(markdown: string): string[] {
  const bytes = utf8Length(markdown);
  if (bytes > MAX_CLIP_BYTES) {
    const { detail, params } = clipTooLarge(bytes, MAX_CLIP_BYTES);
    throw new InvalidInputError({ endpoint: 'clip', code: 'clip_too_large', detail: detail ?? '', params });
  }
  return splitMarkdown(markdown, MAX_PART_BYTES);
}

/** The outbox's form of a clip request: Markdown split, today's date and settings filled in. */
export async function toPayload(request: ClipRequest): Promise<ClipPayload> {
  switch (request.kind) {
    case 'page':
    case 'link':
      return {
        kind: request.kind,
        url: request.url,
        title: request.title.trim() || request.url,
        tags: request.tags,
        properties: request.properties,
        ...(request.collections === undefined ? {} : { collections: request.collections }),
        notes: parts(request.notes),
        existingObjectIds: request.existingObjectIds,
      };
    case 'daily-note':
      return {
        kind: 'daily-note',
        date: request.date ?? dailyNoteDate(new Date()),
        noTimeStamp: request.noTimeStamp ?? !(await settingsItem.getValue()).dailyNoteTimestamp,
        parts: parts(request.markdown),
        source: request.source,
      };
    case 'append':
      return {
        kind: 'append',
        objectId: request.objectId,
        objectTitle: request.objectTitle,
        parts: parts(request.markdown),
        source: request.source,
      };
  }
}

/** Remembers what a weblink clip used, so the next popup starts from it. */
async function rememberChoices(spaceId: string, clip: ClipPayload): Promise<void> {
  if (!isWeblinkClip(clip)) return;
  const all = await spacePreferencesItem.getValue();
  const current = all[spaceId] ?? EMPTY_SPACE_PREFERENCES;
  const used = clip.tags.flatMap((tag) => (tag.kind === 'existing' ? [{ id: tag.id, title: tag.title }] : []));
  const recentTags = [...used, ...current.recentTags.filter((tag) => !used.some((u) => u.id === tag.id))];
  await spacePreferencesItem.setValue({
    ...all,
    [spaceId]: {
      ...current,
      lastCollectionId: clip.collections?.[0] ?? null,
      recentTags: recentTags.slice(0, RECENT_TAGS_KEPT),
    },
  });
}

/** Queues a clip, then waits a little for its first attempt so an open popup can say "Saved". */
export async function saveClip(spaceId: string, request: ClipRequest): Promise<ClipOutcome> {
  const payload = await toPayload(request);
  const stored = await outbox.enqueue(spaceId, payload);
  await rememberChoices(spaceId, payload);
  await Promise.race([outbox.drain(), new Promise((resolve) => setTimeout(resolve, FIRST_ATTEMPT_WAIT_MS))]);
  return outcomeOf(stored.id);
}

async function outcomeOf(clipId: string): Promise<ClipOutcome> {
  const waiting = await outbox.get(clipId);
  if (waiting) {
    const state = waiting.state === 'pending' ? 'queued' : waiting.state;
    return { state, clipId, error: waiting.lastError };
  }
  const landed = (await outbox.history()).find((clip) => clip.id === clipId);
  return { state: 'landed', clipId, objectId: landed?.objectId ?? null };
}

function queuedClip(stored: StoredClip): QueuedClip {
  const { clip } = stored;
  return {
    id: stored.id,
    spaceId: stored.spaceId,
    kind: clip.kind,
    title: clipTitle(stored),
    state: stored.state,
    error: stored.lastError,
    tags: isWeblinkClip(clip)
      ? clip.tags.map((tag) => ({ key: tag.kind === 'existing' ? tag.id : tag.title, title: tag.title }))
      : [],
    updatedAt: stored.events.at(-1)?.at ?? stored.createdAt,
  };
}

async function outboxView(): Promise<OutboxView> {
  const [clips, history] = await Promise.all([outbox.list(), outbox.history()]);
  return { clips: clips.map(queuedClip), history: history.slice(0, 20) };
}

async function weblinkForm(spaceId: string): Promise<WeblinkForm> {
  const structures = await structuresFor(spaceId, { fresh: true });
  const appendableTypes = typesWithBody(structures).map(({ id, pluralName }) => ({ id, title: pluralName }));
  const structure = structures.find((candidate) => candidate.id === WEBLINK_STRUCTURE);
  if (!structure) return { fields: [], collections: [], appendableTypes };
  return {
    appendableTypes,
    fields: structure.propertyDefinitions.map((def) => ({
      id: def.id,
      name: def.name,
      type: def.type,
      writable: def.writable,
      ...(def.multiple === undefined ? {} : { multiple: def.multiple }),
      ...(def.labelSet === undefined ? {} : { labelSet: def.labelSet }),
      ...(def.dateResolution === undefined ? {} : { dateResolution: def.dateResolution }),
      ...(def.allowedStructureIds === undefined ? {} : { allowedStructureIds: def.allowedStructureIds }),
    })),
    collections: structure.collections.map(({ id, title }) => ({ id, title })),
  };
}

/**
 * A weblink of this address already in the space: one this extension saved (its history knows),
 * else one found by title search and confirmed by its `url` property.
 */
async function findSavedPage(spaceId: string, url: string, title: string): Promise<FoundObject | null> {
  const saved = (await outbox.history()).find(
    (clip) =>
      clip.spaceId === spaceId && (clip.kind === 'page' || clip.kind === 'link') && samePage(clip.sourceUrl, url),
  );
  if (saved?.objectId) return { id: saved.objectId, title: saved.title, structureId: 'MediaWebResource' };
  // The outbox's own lookup, with nothing excluded and no age limit.
  const found = await findWeblink(
    await apiForSpace(spaceId),
    { url, title, existingObjectIds: [] },
    { startedAt: 0, otherResults: new Set(), urlPropertyId: await weblinkUrlProperty(spaceId) },
  );
  return found === undefined ? null : { id: found.id, title, structureId: 'MediaWebResource' };
}

const spaceQuery = z.strictObject({ spaceId: id(), query: text(500) });

/** Messages of the popup: reading the page, the form's data, saving and the outbox. */
export function registerClipHandlers(): void {
  handle('readPage', z.strictObject({ tabId: z.number().check(z.int(), z.nonnegative()) }), ({ tabId }) =>
    readPage(tabId),
  );

  handle('getWeblinkForm', z.strictObject({ spaceId: id() }), ({ spaceId }) => asResult(() => weblinkForm(spaceId)));

  handle('searchTags', spaceQuery, ({ spaceId, query }) =>
    asResult(async () => {
      const results = await (await apiForSpace(spaceId)).search({ query, structureIds: ['RootTag'], limit: 20 });
      return results.map(({ id, title }) => ({ id, title }));
    }),
  );

  handle(
    'searchObjects',
    z.strictObject({ spaceId: id(), query: text(500), structureIds: z.optional(z.array(id())) }),
    ({ spaceId, query, structureIds }) =>
      asResult(async () => (await apiForSpace(spaceId)).search({ query, ...(structureIds ? { structureIds } : {}) })),
  );

  handle('findSavedPage', z.strictObject({ spaceId: id(), url: text(8_000), title: text(2_000) }), (data) =>
    asResult(() => findSavedPage(data.spaceId, data.url, data.title)),
  );

  handle('saveClip', z.strictObject({ spaceId: id(), clip: clipRequestSchema }), ({ spaceId, clip }) =>
    asResult(() => saveClip(spaceId, clip)),
  );

  handle('getOutbox', z.undefined(), outboxView);
  handle('retryClip', z.strictObject({ id: id() }), ({ id }) => outbox.retry(id));
  handle('retryAllClips', z.undefined(), () => outbox.retryWaitingNow());
  handle('discardClip', z.strictObject({ id: id() }), ({ id }) => outbox.discard(id));
  handle('fixClip', z.strictObject({ id: id(), removeTags: z.array(text(1_000)) }), async ({ id, removeTags }) => {
    await outbox.edit(id, { removeTags });
    await outbox.retry(id);
  });
}
