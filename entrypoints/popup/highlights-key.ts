import { type HighlightView, type Result, sendMessage } from '@/lib/messaging';

/**
 * The query of the popup's list "Highlights" (entrypoints/popup/highlights-panel.tsx), apart from
 * it so that what changes the page's highlights from the first paint's code (the button "Highlight
 * selection") can have it read again without loading the list's chunk.
 */
export const highlightsKey = (spaceId: string, tabId: number) => ['highlights', spaceId, tabId] as const;

export type Highlights = { highlights: HighlightView[] };

async function listed(answer: Promise<Result<Highlights>>): Promise<Highlights> {
  const result = await answer;
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/**
 * The page's highlights, drawn again as they are read; `objectId` is the weblink the clip form's
 * server lookup found, for a page this extension did not save. The first paint's code starts the
 * read as the popup opens (highlight-button.tsx) and the list's chunk takes that answer: read later,
 * the first time could come after a save made at once from the form, and read the new weblink.
 */
export function highlightsQuery(spaceId: string, tabId: number, objectId: string | undefined) {
  return {
    queryKey: [...highlightsKey(spaceId, tabId), objectId ?? null] as const,
    queryFn: () => listed(sendMessage('listHighlights', { spaceId, tabId, ...(objectId ? { objectId } : {}) })),
    // Read again when something changes them (invalidated), not each time an observer mounts.
    staleTime: Number.POSITIVE_INFINITY,
  };
}
