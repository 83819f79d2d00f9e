import { NotFoundError } from '../../api';
import { defineStepBlock } from '../kind';
import { findWeblink, LOST_REQUEST_SETTLE_MS } from '../lost-answers';
import type { DeliveryStep } from '../stored-clip';
import { createWeblink, recordWeblink, type WeblinkCreated, type WeblinkFields } from '../weblink';

/**
 * The weblink of the page a highlight clip acts on, when the clip was made before the extension
 * knew of one: found in the space (title search, confirmed by the URL: a page saved elsewhere, or
 * by the clip of an earlier highlight that landed since), else created with the remembered
 * defaults, once: clips of one page go one at a time, so the second highlight finds the first's.
 * A change or a removal (`create: false`) never creates one.
 */

interface PageWeblinkStep extends DeliveryStep {
  kind: 'page-weblink';
}

export function pageWeblinkBlock(create: boolean) {
  return defineStepBlock<WeblinkFields, PageWeblinkStep, WeblinkCreated>({
    step: 'page-weblink',
    next: (stored) => (stored.progress.objectId === null ? { kind: 'page-weblink' } : null),
    async send(api, stored) {
      const search = { startedAt: 0, otherResults: new Set<string>(), urlPropertyId: undefined };
      const found = await findWeblink(api, { ...stored.clip, existingObjectIds: [] }, search);
      if (found) return { objectId: found.id, unapplied: null, fellBack: false };
      if (!create) throw new NotFoundError({ endpoint: 'POST /objects/search' });
      return createWeblink(api, stored);
    },
    record: recordWeblink,
    endpoints: () => ['POST /objects/search', 'GET /object', 'POST /object/url'],
    settleMs: LOST_REQUEST_SETTLE_MS,
    describe: () => 'weblink',
  });
}
