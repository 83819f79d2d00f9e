import { z } from 'zod/mini';
import { MAX_CLIP_BYTES } from '../clip/clip-limits';
import { clipSourceSchema, id, text } from './clip-fields';
import { defineClipKind } from './kind';
import { markdownParts } from './parts';
import { objectAppendBlock } from './steps/append-parts';

/**
 * A selection appended to an existing object's body, found by title search in the popup ("Add to
 * an object"), in ordered parts; a lost part is looked for in the object's Markdown.
 */

export const appendRequestSchema = z.strictObject({
  kind: z.literal('append'),
  objectId: id(),
  objectTitle: text(2_000),
  markdown: text(MAX_CLIP_BYTES),
  source: clipSourceSchema,
});
export type AppendRequest = z.infer<typeof appendRequestSchema>;

/** As the outbox keeps it: the Markdown in parts. */
export type AppendClip = Omit<AppendRequest, 'markdown'> & { parts: string[] };

export const append = defineClipKind<'append', AppendRequest, AppendClip>({
  names: ['append'],
  requests: [appendRequestSchema],
  toPayload: ({ markdown, ...request }) => ({ ...request, parts: markdownParts(markdown) }),
  steps: [objectAppendBlock((clip: AppendClip) => clip.parts)],
  // Everything done to one object goes in the order it was asked.
  target: (stored) => `object ${stored.spaceId} ${stored.clip.objectId}`,
  title: (clip) => clip.objectTitle || clip.source.title || clip.source.url,
  sourceUrl: (clip) => clip.source.url,
  objectId: (clip) => clip.objectId,
  history: 'added',
  texts: { label: () => 'clipKindAppend', landed: 'notifyAppended' },
});
