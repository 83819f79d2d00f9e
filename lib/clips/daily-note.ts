import { z } from 'zod/mini';
import { booleanSchema } from '../api/schemas/lean-kinds';
import { MAX_CLIP_BYTES } from '../clip/clip-limits';
import { dailyNoteDate } from '../clip/daily-note-date';
import { clipSourceSchema, text } from './clip-fields';
import { defineClipKind } from './kind';
import { markdownParts } from './parts';
import { dailyNoteAppendBlock } from './steps/append-parts';

/**
 * A selection appended to a daily note (`POST /blocks/daily-note/append`), in ordered parts. The
 * service applies an append after answering, so a lost one is looked for in the note of its date
 * only after a while (lib/clips/steps/append-parts.ts).
 */

export const dailyNoteRequestSchema = z.strictObject({
  kind: z.literal('daily-note'),
  markdown: text(MAX_CLIP_BYTES),
  source: clipSourceSchema,
  noTimeStamp: z.optional(booleanSchema),
  /** The day (canonical UTC midnight, `YYYY-MM-DDT00:00:00.000Z`); default today in the person's zone. */
  date: z.optional(text(40)),
});
export type DailyNoteRequest = z.infer<typeof dailyNoteRequestSchema>;

/** As the outbox keeps it: its day and timestamp choice fixed when it was made, the Markdown in parts. */
export type DailyNoteClip = Omit<DailyNoteRequest, 'markdown' | 'date' | 'noTimeStamp'> & {
  date: string;
  noTimeStamp: boolean;
  parts: string[];
};

export const dailyNote = defineClipKind<'daily-note', DailyNoteRequest, DailyNoteClip>({
  names: ['daily-note'],
  requests: [dailyNoteRequestSchema],
  async toPayload({ markdown, ...request }, context) {
    return {
      ...request,
      date: request.date ?? dailyNoteDate(context.now),
      noTimeStamp: request.noTimeStamp ?? !(await context.dailyNoteTimestamp()),
      parts: markdownParts(markdown),
    };
  },
  steps: [dailyNoteAppendBlock],
  target: (stored) => `daily-note ${stored.spaceId} ${stored.clip.date}`,
  title: (clip) => clip.source.title || clip.source.url,
  sourceUrl: (clip) => clip.source.url,
  objectId: () => null,
  history: 'added',
  texts: { label: () => 'clipKindDailyNote', landed: 'notifyAddedToDailyNote' },
});
