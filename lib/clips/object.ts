import { z } from 'zod/mini';
import { entityValue, type PropertyValueInput, titleValue } from '../api';
import { booleanSchema, unionOf } from '../api/schemas/lean-kinds';
import { propertiesInputSchema } from '../api/schemas/property-values';
import { MAX_CLIP_BYTES } from '../clip/clip-limits';
import { pageKey } from '../page-url';
import { id, tagListSchema, text } from './clip-fields';
import { defineClipKind, defineStepBlock } from './kind';
import { findWeblink, LOST_REQUEST_SETTLE_MS } from './lost-answers';
import { markdownParts } from './parts';
import { objectAppendBlock } from './steps/append-parts';
import { linkedIdsOf, linkedObjectsBlock } from './steps/linked-objects';
import { tagIdsOf, tagsBlock, withoutTags } from './steps/tags';
import type { DeliveryStep, StoredClipOf } from './stored-clip';
import { weblinkTitle } from './weblink-title';

/**
 * A page saved as an object of any type of the space that can be created (a capture rule's
 * target: a Paper, a Recipe), with `POST /object`, the page's address in its URL property: its
 * new tags and the objects it links to that are to be created first (linked-objects.ts), then
 * the object, then its notes appended in ordered parts. A lost create is found again by title
 * search among its type, confirmed by the address.
 */

const linkItemSchema = unionOf([
  z.strictObject({ id: id() }),
  z.strictObject({
    structureId: id(),
    title: z.string().check(z.minLength(1), z.maxLength(2_000)),
    create: z.optional(booleanSchema),
  }),
]);

export const objectRequestSchema = z.strictObject({
  kind: z.literal('object'),
  structureId: id(),
  url: text(8_000),
  title: text(2_000),
  tags: tagListSchema,
  /** Typed values of the type's other writable properties, its URL property included. */
  properties: propertiesInputSchema,
  /** Entity properties (Authors → Person): objects found, or to create before this one. */
  links: z
    .array(z.strictObject({ propertyId: id(), items: z.array(linkItemSchema).check(z.maxLength(200)) }))
    .check(z.maxLength(50)),
  collections: z.optional(z.array(id())),
  notes: text(MAX_CLIP_BYTES),
  /** Objects of this type and address that existed before the clip: never taken for its result. */
  existingObjectIds: z.array(id()),
});
export type ObjectRequest = z.infer<typeof objectRequestSchema>;

export type ObjectClip = Omit<ObjectRequest, 'notes'> & { notes: string[] };

/** Everything the create request asks for: title, tags, typed properties, links, collection. */
function createRequest(stored: StoredClipOf<ObjectClip>) {
  const { clip } = stored;
  const links = linkedIdsOf(stored);
  if (links === null) throw new Error('object before its linked objects exist');
  const properties: Record<string, PropertyValueInput> = { ...clip.properties, title: titleValue(weblinkTitle(clip)) };
  for (const [propertyId, ids] of Object.entries(links)) properties[propertyId] = entityValue(ids);
  const tagIds = tagIdsOf(clip.tags, stored);
  if (tagIds.length > 0) properties.tags = entityValue(tagIds);
  return {
    structureId: clip.structureId,
    properties,
    ...(clip.collections === undefined ? {} : { collections: clip.collections }),
  };
}

interface CreateStep extends DeliveryStep {
  kind: 'create-object';
}

const createBlock = defineStepBlock<ObjectClip, CreateStep, string>({
  step: 'create-object',
  next: (stored) => (stored.progress.objectId === null ? { kind: 'create-object' } : null),
  send: async (api, stored) => (await api.createObject(createRequest(stored))).id,
  async lookUp(api, stored, _step, context) {
    const object = await findWeblink(api, stored.clip, {
      startedAt: context.startedAt,
      otherResults: context.otherResults(),
      urlPropertyId: undefined,
    });
    return object?.id;
  },
  record(stored, _step, objectId) {
    stored.progress.objectId = objectId;
  },
  endpoints: (_stored, _step, reconciling) =>
    reconciling ? ['POST /objects/search', 'GET /object', 'POST /object'] : ['POST /object'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: () => 'object',
});

export const typedObject = defineClipKind<'object', ObjectRequest, ObjectClip>({
  names: ['object'],
  requests: [objectRequestSchema],
  toPayload: ({ notes, ...request }) => ({ ...request, title: weblinkTitle(request), notes: markdownParts(notes) }),
  steps: [tagsBlock, linkedObjectsBlock, createBlock, objectAppendBlock((clip: ObjectClip) => clip.notes)],
  // As weblinks: two clips of one page one at a time, so a lost answer is never taken for the other's.
  target: (stored) => `object ${stored.spaceId} ${pageKey(stored.clip.url)}`,
  title: weblinkTitle,
  sourceUrl: (clip) => clip.url,
  objectId: () => null,
  // Not 'saved': the popup's edit view of a saved page is the weblink's form, not this type's.
  history: 'added',
  texts: { label: () => 'clipKindObject', landed: 'notifySaved' },
  tags: (clip) => clip.tags,
  dropTags(stored, drop) {
    stored.clip.tags = withoutTags(stored.clip.tags, stored, drop);
  },
  remembered: (clip) => ({
    url: clip.url,
    keep: undefined,
    collectionId: clip.collections?.[0] ?? null,
    tags: clip.tags,
  }),
});
