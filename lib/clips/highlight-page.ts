import { z } from 'zod/mini';
import { nullableOf } from '../api/schemas/lean-kinds';
import type { MessageKey } from '../i18n';
import { pageKey } from '../page-url';
import { id, tagListSchema, text } from './clip-fields';
import { type AnyStepBlock, defineClipKind } from './kind';
import type { StoredClipOf } from './stored-clip';
import type { WeblinkFields } from './weblink';

/**
 * What the three highlight kinds (highlight, highlight-change, highlight-remove) share: the page
 * and its weblink in the space, null until known (the first highlight of a page not saved yet
 * makes it, lib/clips/steps/page-weblink.ts), and their target: the page, as a weblink clip's is,
 * so every clip of one page (its save, each highlight, their changes) goes in the order it was made.
 */

export const highlightPageFields = {
  url: text(8_000),
  title: text(2_000),
  objectId: nullableOf(id()),
};

/** The weblink a first highlight makes: the remembered defaults of quick clips. */
export const weblinkDefaultFields = {
  tags: tagListSchema,
  collections: z.optional(z.array(id())),
};

export type HighlightPage = { url: string; title: string; objectId: string | null };

/** A highlight clip's payload as making (or finding) the page's weblink reads it. */
export function asWeblinkFields<P extends HighlightPage & { tags?: WeblinkFields['tags'] }>(
  request: P,
): P & WeblinkFields {
  return { tags: [], properties: {}, notes: [], existingObjectIds: [], ...request };
}

const pageTarget = (stored: StoredClipOf<HighlightPage>) => `weblink ${stored.spaceId} ${pageKey(stored.clip.url)}`;

/** A highlight kind: what differs between the three is their request, their steps, their label and title. */
export function highlightKind<Name extends string, Request extends HighlightPage & { kind: Name }>(
  name: Name,
  request: z.ZodMiniType<Request> & z.core.$ZodTypeDiscriminable,
  steps: readonly AnyStepBlock<Request & WeblinkFields>[],
  label: MessageKey,
  title: (clip: Request) => string,
) {
  return defineClipKind<Name, Request, Request & WeblinkFields>({
    names: [name],
    requests: [request],
    toPayload: asWeblinkFields,
    steps,
    target: pageTarget,
    title: (clip) => title(clip).slice(0, 200),
    sourceUrl: (clip) => clip.url,
    objectId: (clip) => clip.objectId,
    history: 'changed',
    texts: { label: () => label, landed: 'notifyHighlighted' },
  });
}
