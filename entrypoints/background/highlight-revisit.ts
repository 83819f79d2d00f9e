import { browser } from 'wxt/browser';
import { REVISIT_MESSAGE, REVISIT_SCRIPT_ID } from '@/lib/highlight-revisit';

type Sender = { id?: string; url?: string; frameId?: number; tab?: { id?: number } };

/**
 * The tab of a script of this extension in its top frame (the registered revisit script, the
 * highlighter) saying `type`: sent by us, from an http(s) page (not from an extension page, which
 * has no business sending this). Such a message says only that something happened; what the
 * background does is its own answer for the tab (its address, what it takes from the page itself).
 */
export function ourPageScriptTab(message: unknown, sender: Sender, type = REVISIT_MESSAGE): number | undefined {
  const said = typeof message === 'object' && message !== null && (message as { type?: unknown }).type;
  if (said !== type || sender.id !== browser.runtime.id || sender.frameId !== 0) return undefined;
  if (!/^https?:/.test(sender.url ?? '')) return undefined;
  return sender.tab?.id;
}

/**
 * "Show my highlights when I revisit a page": when the registered script says a page has loaded,
 * `draw` draws that tab's highlights, if the page has any. Only while the option is on (the script
 * still registered): a page loaded just before it was turned off is left alone.
 */
export function drawHighlightsOnRevisit(draw: (tabId: number) => Promise<unknown>): void {
  browser.runtime.onMessage.addListener((message, sender) => {
    const tabId = ourPageScriptTab(message, sender);
    if (tabId === undefined) return undefined;
    void browser.scripting
      .getRegisteredContentScripts({ ids: [REVISIT_SCRIPT_ID] })
      .then((scripts) => scripts.length > 0 && draw(tabId))
      .catch(() => {
        // A tab closed or navigated meanwhile: nothing to draw on.
      });
    return undefined;
  });
}
