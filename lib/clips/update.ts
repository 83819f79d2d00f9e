import { z } from 'zod/mini';
import { entityValue, type PropertyValueInput, titleValue } from '../api';
import { propertiesInputSchema } from '../api/schemas/property-values';
import { MAX_CLIP_BYTES } from '../clip/clip-limits';
import { clippedObjectFields, id, tagListSchema, text } from './clip-fields';
import { defineClipKind } from './kind';
import { markdownParts } from './parts';
import { objectAppendBlock } from './steps/append-parts';
import { type ObjectChanges, patchBlock } from './steps/object-changes';
import { tagIdsOf, tagsBlock } from './steps/tags';
import type { StoredClipOf } from './stored-clip';
import { weblinkTitle } from './weblink-title';

/**
 * Changes to an object clipped earlier (the edit view's "Update"): its new tags found or created,
 * one PATCH of only the keys that change, then the notes appended (never written over the body).
 */

export const updateRequestSchema = z.strictObject({
  kind: z.literal('update'),
  ...clippedObjectFields,
  title: z.optional(text(2_000)),
  /** The whole new list: an entity value replaces the links. */
  tags: z.optional(tagListSchema),
  properties: z.optional(propertiesInputSchema),
  /** The object's named collections after the change (`[]`: none). */
  collections: z.optional(z.array(id())),
  /** Appended to the object's body. */
  notes: text(MAX_CLIP_BYTES),
});
export type UpdateRequest = z.infer<typeof updateRequestSchema>;

/** As the outbox keeps it: its added notes in parts. */
export type UpdateClip = Omit<UpdateRequest, 'notes'> & { parts: string[] };

/** The PATCH an update sends: only the keys it changes (an empty tag list clears the tags); null when none. */
export function updateChanges(stored: StoredClipOf<UpdateClip>): ObjectChanges | null {
  const { clip } = stored;
  const properties: Record<string, PropertyValueInput> = { ...clip.properties };
  if (clip.title !== undefined)
    properties.title = titleValue(weblinkTitle({ title: clip.title, url: clip.source.url }));
  if (clip.tags !== undefined) properties.tags = entityValue(tagIdsOf(clip.tags, stored));
  const changes = {
    ...(Object.keys(properties).length > 0 ? { properties } : {}),
    ...(clip.collections === undefined ? {} : { collections: clip.collections }),
  };
  return Object.keys(changes).length > 0 ? changes : null;
}

export const update = defineClipKind<'update', UpdateRequest, UpdateClip>({
  names: ['update'],
  requests: [updateRequestSchema],
  toPayload: ({ notes, ...request }) => ({ ...request, parts: notes.trim() === '' ? [] : markdownParts(notes) }),
  steps: [tagsBlock, patchBlock(updateChanges), objectAppendBlock((clip: UpdateClip) => clip.parts)],
  target: (stored) => `object ${stored.spaceId} ${stored.clip.objectId}`,
  title: (clip) => clip.objectTitle || clip.source.title || clip.source.url,
  sourceUrl: (clip) => clip.source.url,
  objectId: (clip) => clip.objectId,
  history: 'changed',
  texts: { label: () => 'clipKindUpdate', landed: 'notifySaved' },
});
