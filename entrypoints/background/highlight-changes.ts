import { browser } from 'wxt/browser';
import { HIGHLIGHTS_CHANGED_MESSAGE } from '@/lib/highlighter/commands';
import { ourPageScriptTab } from './highlight-revisit';

/**
 * Toolbar changes sent as they are made: the highlighter script of a tab's top frame says only
 * that something changed (the router, which takes no content script, never sees it), and `send`
 * takes that tab's changes from the page itself. One tab's pokes at a time, so two quick colour
 * changes land in the order they were made.
 */
export function sendToolbarChangesWhenTold(send: (tabId: number) => Promise<unknown>): void {
  let queue: Promise<unknown> = Promise.resolve();
  browser.runtime.onMessage.addListener((message, sender) => {
    const tabId = ourPageScriptTab(message, sender, HIGHLIGHTS_CHANGED_MESSAGE);
    if (tabId !== undefined) queue = queue.then(() => send(tabId)).catch(() => undefined);
    return undefined;
  });
}
