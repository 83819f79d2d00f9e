import { browser } from 'wxt/browser';
import { HIGHLIGHTS_CHANGED_MESSAGE } from '@/lib/highlighter/commands';

/**
 * Tells the background that the toolbar changed a highlight, so the change reaches the space now
 * rather than at the next popup or command (and is not lost with the tab). The message carries
 * only its type: the background takes the changes itself with `take-changes`.
 */
export function tellBackgroundOfChanges(): void {
  void browser.runtime.sendMessage({ type: HIGHLIGHTS_CHANGED_MESSAGE }).catch(() => {
    // The extension was reloaded since the page loaded: the change waits for the next command.
  });
}
