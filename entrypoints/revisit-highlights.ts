import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { REVISIT_MESSAGE } from '@/lib/highlight-revisit';

/**
 * Registered (never declared in the manifest) only while "Show my highlights when I revisit a
 * page" is on, as `/revisit-highlights.js`, in the top frame of http(s) pages. It tells the
 * background that the tab's page has loaded, and nothing else: the background, which alone knows
 * the saved pages, draws that page's highlights if it has any (injecting the highlighter as a click
 * would). No page data goes with the message; the background takes the address from the sender.
 * An unlisted script rather than WXT's content script, whose context announces itself to the page.
 */
export default defineUnlistedScript(() => {
  void browser.runtime.sendMessage({ type: REVISIT_MESSAGE }).catch(() => {
    // The extension was updated or reloaded since the page loaded: nothing to draw with.
  });
});
