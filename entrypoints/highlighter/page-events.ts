/**
 * How a person reaches a highlight on the page: a click on it (not on a link or a control in it,
 * and not the end of a drag that selected text), or Enter with the caret in it while nothing else
 * has focus (caret browsing, F7). The "Highlight selection" command with the caret or selection
 * within a highlight opens it too (capture.ts). Listened to in the script's
 * isolated world, where the page cannot see the listeners.
 */
import { highlightAround, highlightAtPoint } from './hit-test';
import type { DrawnHighlight, Registry } from './registry';
import { TOOLBAR_HOST } from './toolbar-dom';

/** Clicks on these go to the page, highlighted or not. */
const INTERACTIVE =
  'a[href], button, input, select, textarea, label, summary, [contenteditable=""], [contenteditable="true"]';

export function listenForHighlights(
  doc: Document,
  registry: Registry,
  open: (highlight: DrawnHighlight) => void,
): void {
  doc.addEventListener('click', (event) => {
    if (
      event.button !== 0 ||
      event.defaultPrevented ||
      event.altKey ||
      event.ctrlKey ||
      event.metaKey ||
      event.shiftKey
    ) {
      return;
    }
    const selection = doc.getSelection();
    if (selection && !selection.isCollapsed) return;
    const target = event.target as Element | null;
    // A click in the toolbar (seen here as one on its host) is the toolbar's.
    if (target?.localName === TOOLBAR_HOST || target?.closest?.(INTERACTIVE)) return;
    const highlight = highlightAtPoint(doc, registry, event.clientX, event.clientY);
    if (highlight) open(highlight);
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.defaultPrevented || (doc.activeElement && doc.activeElement !== doc.body))
      return;
    const selection = doc.getSelection();
    if (!selection || selection.rangeCount === 0) return;
    const highlight = highlightAround(registry, selection.getRangeAt(0));
    if (!highlight) return;
    event.preventDefault();
    open(highlight);
  });
}
