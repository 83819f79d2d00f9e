import { z } from 'zod/mini';
import { findHighlight } from './highlight-blocks';
import { highlightRefFields } from './highlight-change';
import { highlightKind, highlightPageFields } from './highlight-page';
import { defineStepBlock } from './kind';
import { LOST_REQUEST_SETTLE_MS, unlessGone } from './lost-answers';
import { pageWeblinkBlock } from './steps/page-weblink';
import type { DeliveryStep } from './stored-clip';
import type { WeblinkFields } from './weblink';

/**
 * "Remove highlight": its block deleted from the weblink, with its note (`DELETE /block` in the
 * published reference, `POST /blocks/delete` in the spec). Found first (by id, or by quote when it
 * was made here and had not landed): one already gone (a lost answer, a removal elsewhere) is done.
 */

export const highlightRemoveRequestSchema = z.strictObject({
  kind: z.literal('highlight-remove'),
  ...highlightPageFields,
  ...highlightRefFields,
});
export type HighlightRemoveRequest = z.infer<typeof highlightRemoveRequestSchema>;
type HighlightRemoveClip = HighlightRemoveRequest & WeblinkFields;

interface RemoveStep extends DeliveryStep {
  kind: 'remove-highlight';
}

const removeBlock = defineStepBlock<HighlightRemoveClip, RemoveStep, true>({
  step: 'remove-highlight',
  next: (stored) =>
    stored.progress.objectId !== null && !stored.progress.changed ? { kind: 'remove-highlight' } : null,
  async send(api, stored) {
    const objectId = stored.progress.objectId ?? '';
    const object = await unlessGone(api.getObject(objectId));
    const found = object && findHighlight(object.blocks, stored.clip.id, stored.clip.quote);
    if (found) await api.removeBlock(objectId, found.blockId);
    return true;
  },
  record: (stored) => {
    stored.progress.changed = true;
  },
  endpoints: () => ['GET /object', 'DELETE /block', 'POST /blocks/delete'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: () => 'highlight',
});

export const highlightRemove = highlightKind(
  'highlight-remove',
  highlightRemoveRequestSchema,
  [pageWeblinkBlock(false), removeBlock],
  'clipKindHighlightRemove',
  (clip) => clip.quote,
);
