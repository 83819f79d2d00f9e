import { z } from 'zod/mini';
import { pageKey } from '../page-url';
import { id, tagListSchema, text } from './clip-fields';
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
  objectId: z.nullable(id()),
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

export const pageTarget = (stored: StoredClipOf<HighlightPage>) =>
  `weblink ${stored.spaceId} ${pageKey(stored.clip.url)}`;
