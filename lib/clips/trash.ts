import { z } from 'zod/mini';
import { clippedObjectFields } from './clip-fields';
import { defineClipKind } from './kind';
import { trashBlock } from './steps/object-changes';

/** "Undo": an object clipped earlier moved to the trash (never deleted for good). */

export const trashRequestSchema = z.strictObject({ kind: z.literal('trash'), ...clippedObjectFields });
export type TrashRequest = z.infer<typeof trashRequestSchema>;
export type TrashClip = TrashRequest;

export const trash = defineClipKind<'trash', TrashRequest, TrashClip>({
  names: ['trash'],
  requests: [trashRequestSchema],
  toPayload: (request) => request,
  steps: [trashBlock],
  target: (stored) => `object ${stored.spaceId} ${stored.clip.objectId}`,
  title: (clip) => clip.objectTitle || clip.source.title || clip.source.url,
  sourceUrl: (clip) => clip.source.url,
  objectId: (clip) => clip.objectId,
  history: 'trashed',
  texts: { label: () => 'clipKindTrash', landed: 'notifySaved' },
});
