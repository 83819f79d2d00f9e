import { z } from 'zod/mini';
import { findHighlight, highlightBlock, highlightContentSchema } from './highlight-blocks';
import { highlightKind, highlightPageFields, weblinkDefaultFields } from './highlight-page';
import { defineStepBlock } from './kind';
import { LOST_REQUEST_SETTLE_MS, unlessGone } from './lost-answers';
import { pageWeblinkBlock } from './steps/page-weblink';
import type { DeliveryStep } from './stored-clip';
import { completeBlock, type WeblinkFields } from './weblink';

/**
 * "Highlight selection" (issue #23): one highlight appended as a block to the page's weblink,
 * which the first highlight of a page not saved yet makes. A lost append is looked for among the
 * object's blocks, by its quote, before it is sent again: never appended twice.
 */

export const highlightRequestSchema = z.strictObject({
  kind: z.literal('highlight'),
  ...highlightPageFields,
  ...weblinkDefaultFields,
  highlight: highlightContentSchema,
});
export type HighlightRequest = z.infer<typeof highlightRequestSchema>;
export type HighlightClip = HighlightRequest & WeblinkFields;

interface AppendHighlightStep extends DeliveryStep {
  kind: 'append-highlight';
}

const objectOf = (page: { progress: { objectId: string | null } }) => {
  const { objectId } = page.progress;
  if (objectId === null) throw new Error('highlight before the weblink exists');
  return objectId;
};

const appendBlock = defineStepBlock<HighlightClip, AppendHighlightStep, true>({
  step: 'append-highlight',
  next: (stored) =>
    stored.progress.objectId !== null && !stored.progress.changed ? { kind: 'append-highlight' } : null,
  async send(api, stored) {
    await api.addBlocks(objectOf(stored), (form) => [highlightBlock(stored.clip.highlight, form)]);
    return true;
  },
  async lookUp(api, stored) {
    const object = await unlessGone(api.getObject(objectOf(stored)));
    return object && findHighlight(object.blocks, '', stored.clip.highlight.quote) ? true : undefined;
  },
  record: (stored) => {
    stored.progress.changed = true;
  },
  endpoints: (_stored, _step, reconciling) =>
    reconciling ? ['GET /object', 'POST /blocks/append'] : ['POST /blocks/append'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: () => 'highlight',
});

export const highlight = highlightKind(
  'highlight',
  highlightRequestSchema,
  [pageWeblinkBlock(true), completeBlock, appendBlock],
  'clipKindHighlight',
  (clip) => clip.highlight.quote,
);
