import { z } from 'zod/mini';
import {
  type CreateWeblinkRequest,
  entityValue,
  InvalidInputError,
  type PropertyValueInput,
  titleValue,
  type WorkspaceApi,
  type WorkspaceObject,
} from '../api';
import { propertiesInputSchema } from '../api/schemas/property-values';
import { MAX_CLIP_BYTES } from '../clip/clip-limits';
import { pageKey } from '../page-url';
import { id, keepChoiceSchema, tagListSchema, text } from './clip-fields';
import { defineClipKind, defineStepBlock } from './kind';
import { findWeblink, LOST_REQUEST_SETTLE_MS } from './lost-answers';
import { markdownParts } from './parts';
import { objectAppendBlock } from './steps/append-parts';
import { tagIdsOf, tagsBlock, withoutTags } from './steps/tags';
import { unappliedChanges, type WeblinkChanges } from './steps/weblink-changes';
import type { DeliveryStep, StoredClipOf } from './stored-clip';
import { weblinkTitle } from './weblink-title';

/**
 * A page ("Save page") or a link ("Save link") saved as a weblink object: its new tags found or
 * created, the weblink created with `POST /object/url`, whatever the server did not take from that
 * request applied with one `PATCH /object`, then the notes that did not fit the create request
 * appended in ordered parts. A lost create is found again by title search, confirmed by the URL.
 */

export const weblinkRequestSchema = z.strictObject({
  kind: z.literal(['page', 'link']),
  url: text(8_000),
  title: text(2_000),
  tags: tagListSchema,
  /** Typed values of the other writable properties (title and tags are added at send time). */
  properties: propertiesInputSchema,
  /** Omitted: the structure's default placement. */
  collections: z.optional(z.array(id())),
  /** The notes, Markdown; split into parts small enough for one request each. */
  notes: text(MAX_CLIP_BYTES),
  /** Weblinks with this URL that existed before the clip was made: never taken for its result. */
  existingObjectIds: z.array(id()),
  /** What the body keeps (remembered per site for the next clip of it); absent: the notes as they are. */
  keep: z.optional(keepChoiceSchema),
});
export type WeblinkRequest = z.infer<typeof weblinkRequestSchema>;

/** As the outbox keeps it: the notes in ordered parts (the first goes with the create request). */
export type WeblinkClip = Omit<WeblinkRequest, 'notes'> & { notes: string[] };

/** What the weblink's create request asks for besides its address and notes. */
export type WeblinkValues = Required<Pick<CreateWeblinkRequest, 'properties'>> &
  Pick<CreateWeblinkRequest, 'collections'>;

/** What making a weblink reads of a clip (a weblink's, or a highlight's on a page not saved yet). */
export type WeblinkFields = Omit<WeblinkClip, 'kind' | 'keep'>;

/** Everything a weblink clip asks for: title, tags (new ones by the ids they were given), typed properties, collection. */
export function weblinkValues(stored: StoredClipOf<WeblinkFields>): WeblinkValues {
  const { clip } = stored;
  const tagIds = tagIdsOf(clip.tags, stored);
  const properties: Record<string, PropertyValueInput> = { ...clip.properties, title: titleValue(weblinkTitle(clip)) };
  if (tagIds.length > 0) properties.tags = entityValue(tagIds);
  return { properties, ...(clip.collections === undefined ? {} : { collections: clip.collections }) };
}

/** The properties `POST /object/url` takes in the published reference. */
const WEBLINK_CREATE_PROPERTIES = ['title', 'description'];

export interface WeblinkCreated {
  objectId: string;
  unapplied: WeblinkChanges | null | undefined;
  fellBack: boolean;
}

/**
 * Creates the weblink with everything (a server that takes it all needs nothing more), or with
 * only what the published reference names when the server is known to refuse the rest, or refuses
 * it now (a 400 on the full form: the reduced one is tried at once; what is missing follows with PATCH).
 */
export async function createWeblink(api: WorkspaceApi, stored: StoredClipOf<WeblinkFields>): Promise<WeblinkCreated> {
  const { clip } = stored;
  const asked = weblinkValues(stored);
  const markdown = clip.notes[0] ? { markdown: clip.notes[0] } : {};
  const full = { url: clip.url, ...markdown, ...asked };
  const reduced = {
    url: clip.url,
    ...markdown,
    properties: Object.fromEntries(
      Object.entries(asked.properties).filter(([key]) => WEBLINK_CREATE_PROPERTIES.includes(key)),
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
  return { objectId: object.id, unapplied: unappliedChanges(asked, object), fellBack };
}

/** What a weblink's creation (or a weblink found instead) writes in the progress. */
export function recordWeblink(stored: StoredClipOf<unknown>, _step: unknown, created: WeblinkCreated): void {
  stored.progress.objectId = created.objectId;
  stored.progress.unapplied = created.unapplied;
  stored.progress.fellBack = created.fellBack;
}

interface CreateStep extends DeliveryStep {
  kind: 'create-weblink';
}
interface CompleteStep extends DeliveryStep {
  kind: 'complete-weblink';
}

const createBlock = defineStepBlock<WeblinkClip, CreateStep, WeblinkCreated>({
  step: 'create-weblink',
  next: (stored) => (stored.progress.objectId === null ? { kind: 'create-weblink' } : null),
  send: (api, stored) => createWeblink(api, stored),
  async lookUp(api, stored, _step, context) {
    // Local reads, started with the search instead of before it: a drain after an outage looks
    // for every clip's lost create, and each read costs about as much as the search.
    const object = await findWeblink(api, stored.clip, {
      startedAt: context.startedAt,
      otherResults: context.otherResults(),
      urlPropertyId: context.urlPropertyId(),
    });
    if (object === undefined) return undefined;
    return { objectId: object.id, unapplied: unappliedChanges(weblinkValues(stored), object), fellBack: false };
  },
  record: recordWeblink,
  endpoints: (_stored, _step, reconciling) =>
    reconciling ? ['POST /objects/search', 'GET /object', 'POST /object/url'] : ['POST /object/url'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: () => 'weblink',
});

/** What the weblink lacks (a server that ignored tags, properties or the collection), with one PATCH; read back first when not known. */
export const completeBlock = defineStepBlock<WeblinkFields, CompleteStep, true>({
  step: 'complete-weblink',
  next: (stored) =>
    stored.progress.objectId !== null && stored.progress.unapplied !== null ? { kind: 'complete-weblink' } : null,
  async send(api, stored) {
    const { objectId, unapplied, fellBack } = stored.progress;
    if (objectId === null) throw new Error('complete-weblink before the weblink exists');
    const changes =
      unapplied === undefined ? unappliedChanges(weblinkValues(stored), await api.getObject(objectId)) : unapplied;
    if (changes !== null) {
      await api.updateObject(objectId, changes);
      // The values the full create was refused with have now been taken: it was the form.
      if (fellBack) api.learn({ weblinkCreate: 'minimal' });
    }
    return true;
  },
  record(stored) {
    stored.progress.unapplied = null;
    stored.progress.fellBack = false;
  },
  endpoints: (stored) =>
    stored.progress.unapplied === undefined ? ['GET /object', 'PATCH /object'] : ['PATCH /object'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: () => "the weblink's tags, properties and collection",
});

const LABELS = { page: 'clipKindPage', link: 'clipKindLink' } as const;

export const weblink = defineClipKind<'page' | 'link', WeblinkRequest, WeblinkClip>({
  names: ['page', 'link'],
  requests: [weblinkRequestSchema],
  toPayload: ({ notes, ...request }) => ({ ...request, title: weblinkTitle(request), notes: markdownParts(notes) }),
  steps: [tagsBlock, createBlock, completeBlock, objectAppendBlock((clip: WeblinkClip) => clip.notes.slice(1))],
  // Two clips of one page are two weblinks; one at a time, so when an answer is lost the first
  // one's weblink is already known and never taken for the second's (lib/clips/lost-answers.ts).
  target: (stored) => `weblink ${stored.spaceId} ${pageKey(stored.clip.url)}`,
  title: weblinkTitle,
  sourceUrl: (clip) => clip.url,
  objectId: () => null,
  history: 'saved',
  texts: { label: (clip) => LABELS[clip.kind], landed: 'notifySaved' },
  tags: (clip) => clip.tags,
  dropTags(stored, drop) {
    stored.clip.tags = withoutTags(stored.clip.tags, stored, drop);
    if (stored.progress.objectId !== null) {
      // What the weblink still lacks is worked out again against the edited clip.
      stored.progress.unapplied = undefined;
      stored.progress.fellBack = false;
    }
  },
  remembered: (clip) => ({
    url: clip.url,
    keep: clip.keep,
    collectionId: clip.collections?.[0] ?? null,
    tags: clip.tags,
  }),
});
