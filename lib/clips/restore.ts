import { z } from 'zod/mini';
import { clippedObjectFields } from './clip-fields';
import { defineClipKind } from './kind';
import { restoreBlock } from './steps/object-changes';

/** "Restore": an object moved to the trash by "Undo" brought back, where the server can. */

export const restoreRequestSchema = z.strictObject({ kind: z.literal('restore'), ...clippedObjectFields });
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;
export type RestoreClip = RestoreRequest;

export const restore = defineClipKind<'restore', RestoreRequest, RestoreClip>({
  names: ['restore'],
  requests: [restoreRequestSchema],
  toPayload: (request) => request,
  steps: [restoreBlock],
  target: (stored) => `object ${stored.spaceId} ${stored.clip.objectId}`,
  title: (clip) => clip.objectTitle || clip.source.title || clip.source.url,
  sourceUrl: (clip) => clip.source.url,
  objectId: (clip) => clip.objectId,
  history: 'restored',
  texts: { label: () => 'clipKindRestore', landed: 'notifySaved' },
});
