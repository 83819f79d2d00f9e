/**
 * The query of the popup's list "Highlights" (entrypoints/popup/highlights-panel.tsx), apart from
 * it so that what changes the page's highlights from the first paint's code (the button "Highlight
 * selection") can have it read again without loading the list's chunk.
 */
export const highlightsKey = (spaceId: string, tabId: number) => ['highlights', spaceId, tabId] as const;
