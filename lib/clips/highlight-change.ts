import { z } from 'zod/mini';
import { NotFoundError } from '../api';
import { id, text } from './clip-fields';
import { changedBlock, findHighlight, highlightContentSchema, MAX_HIGHLIGHT_CHARS } from './highlight-blocks';
import { highlightKind, highlightPageFields } from './highlight-page';
import { defineStepBlock } from './kind';
import { LOST_REQUEST_SETTLE_MS } from './lost-answers';
import { pageWeblinkBlock } from './steps/page-weblink';
import type { DeliveryStep } from './stored-clip';
import type { WeblinkFields } from './weblink';

/**
 * A highlight's new colour or note (the page's toolbar, the popup's list): its block read from
 * the weblink (by id; one made here and not landed when this was asked, by its quote) and replaced
 * with `PATCH /blocks/block`, its quote, address and formatting kept. Sending it again sets the
 * same values, so a lost answer needs no lookup.
 */

/** The highlight a change or removal names: its block id (or the page's provisional one) and its quote. */
export const highlightRefFields = { id: id(), quote: text(MAX_HIGHLIGHT_CHARS) };

export const highlightChangeRequestSchema = z.strictObject({
  kind: z.literal('highlight-change'),
  ...highlightPageFields,
  ...highlightRefFields,
  colour: z.optional(highlightContentSchema.shape.colour),
  note: z.optional(text(MAX_HIGHLIGHT_CHARS)),
});
export type HighlightChangeRequest = z.infer<typeof highlightChangeRequestSchema>;
type HighlightChangeClip = HighlightChangeRequest & WeblinkFields;

interface ChangeStep extends DeliveryStep {
  kind: 'change-highlight';
}

const changeBlock = defineStepBlock<HighlightChangeClip, ChangeStep, true>({
  step: 'change-highlight',
  next: (stored) =>
    stored.progress.objectId !== null && !stored.progress.changed ? { kind: 'change-highlight' } : null,
  async send(api, stored) {
    const objectId = stored.progress.objectId ?? '';
    const { clip } = stored;
    const found = findHighlight((await api.getObject(objectId)).blocks, clip.id, clip.quote);
    if (!found) throw new NotFoundError({ endpoint: 'GET /object' });
    await api.changeBlock(objectId, found.blockId, () => changedBlock(found, clip));
    return true;
  },
  record: (stored) => {
    stored.progress.changed = true;
  },
  endpoints: () => ['GET /object', 'PATCH /blocks/block'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: () => 'highlight',
});

export const highlightChange = highlightKind(
  'highlight-change',
  highlightChangeRequestSchema,
  [pageWeblinkBlock(false), changeBlock],
  'clipKindHighlightChange',
  (clip) => clip.quote,
);
