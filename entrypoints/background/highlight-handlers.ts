import { sendToolbarChangesWhenTold } from './highlight-changes';
import { changeHighlight, highlightSelection, listHighlights, sendToolbarChanges } from './highlights';
import { asResult, handle } from './router';

/** Messages of the popup about the tab page's highlights (issue #23), and the page's toolbar telling of a change. */
export function registerHighlightHandlers(): void {
  handle('highlightSelection', ({ spaceId, tabId }) => asResult(() => highlightSelection(spaceId, tabId)));
  handle('listHighlights', ({ spaceId, tabId, objectId }) =>
    asResult(async () => ({ highlights: await listHighlights(spaceId, tabId, objectId) })),
  );
  handle('changeHighlight', ({ spaceId, tabId, ...change }) => asResult(() => changeHighlight(spaceId, tabId, change)));
  handle('removeHighlight', ({ spaceId, tabId, id }) =>
    asResult(() => changeHighlight(spaceId, tabId, { id, remove: true })),
  );
  sendToolbarChangesWhenTold(sendToolbarChanges);
}
