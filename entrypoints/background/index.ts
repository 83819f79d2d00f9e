import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { REVOCATION_ALARM, retryPendingRevocations } from '@/lib/auth/revocations';
import { carryOutDueDisconnects, DISCONNECT_ALARM, finishInterruptedDisconnects } from '@/lib/auth/undoable-disconnect';
import { forgetTabDrafts, restrictStorageToTrustedContexts } from '@/lib/storage';
import { registerCaptureRuleHandlers } from './capture-rule-handlers';
import { registerClipHandlers } from './clip-handlers';
import { registerConnectionHandlers } from './connection-handlers';
import { registerHighlightHandlers } from './highlight-handlers';
import { drawHighlightsOnRevisit } from './highlight-revisit';
import { refreshHighlights } from './highlights';
import { OUTBOX_ALARM, outbox, trackOutboxWatchers } from './outbox-service';
import { createMenus, onCommand, onMenuClicked } from './quick-clips';
import { handle } from './router';

export default defineBackground(() => {
  void restrictStorageToTrustedContexts();
  const startedAt = Date.now();
  handle('ping', async () => ({ version: browser.runtime.getManifest().version, startedAt }));
  registerConnectionHandlers((spaceId) => void outbox.resumeSpace(spaceId));
  registerClipHandlers();
  registerCaptureRuleHandlers();
  registerHighlightHandlers();
  drawHighlightsOnRevisit(refreshHighlights);
  trackOutboxWatchers();

  browser.alarms.onAlarm.addListener(async (alarm) => {
    if (alarm.name === OUTBOX_ALARM) await outbox.drain();
    if (alarm.name === DISCONNECT_ALARM) await carryOutDueDisconnects();
    if (alarm.name === REVOCATION_ALARM && (await retryPendingRevocations()) === 0) {
      await browser.alarms.clear(REVOCATION_ALARM);
    }
  });

  browser.tabs.onRemoved.addListener((tabId) => void forgetTabDrafts(tabId));
  browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(info, tab));
  browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab));
  if (import.meta.env.MODE === 'e2e' || import.meta.env.MODE === 'bench') {
    // End-to-end tests cannot click a context menu or press a browser shortcut: they call the
    // very handlers registered here. Only in those builds.
    Object.assign(globalThis, { spaceClipperTestHooks: { onMenuClicked, onCommand } });
  }

  browser.runtime.onInstalled.addListener(({ reason }) => {
    createMenus();
    // A new install has no space connected yet: the options page is where that happens.
    if (reason === 'install') void browser.runtime.openOptionsPage();
  });

  // Whatever woke the worker (a browser start, an alarm, a message), clips waiting from an
  // earlier life go out now; the network coming back is a reason too.
  void outbox.drain();
  // Likewise a disconnect the browser's closing cut short; at every start, as the browser start
  // is not always told to a worker (a Chromium relaunch in the flows carried none out on onStartup).
  void finishInterruptedDisconnects();
  // Firefox starts an event page when the browser starts only if it listens to onStartup: without
  // this, clips left from before a restart wait until something else wakes the background.
  browser.runtime.onStartup.addListener(() => void outbox.drain());
  globalThis.addEventListener?.('online', () => void outbox.retryWaitingNow());
});
