import { browser } from 'wxt/browser';
import { getConnection } from '@/lib/auth/connections';
import { apiForSpace } from '@/lib/auth/space-api';
import { kindOf, type StoredClip } from '@/lib/clips/registry';
import type { LandedClip } from '@/lib/clips/stored-clip';
import { describeError } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import { createOutbox, type Outbox } from '@/lib/outbox/outbox';
import { timerDelay } from '@/lib/outbox/schedule';
import { endpointReadyAt } from '@/lib/server-memory';
import { outboxRevisionItem } from '@/lib/storage';
import { createLandingNotices } from './landing-notices';
import { showNotification } from './notify';
import { weblinkUrlProperty } from './space-structures';

export const OUTBOX_ALARM = 'outbox-wake';

/** Pages that show the outbox (the popup) keep a port open; landings are notified only without one. */
const watchingPages = new Set<unknown>();

export function trackOutboxWatchers(): void {
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== 'outbox-watch' || port.sender?.url?.startsWith(browser.runtime.getURL('/')) !== true) return;
    watchingPages.add(port);
    port.onDisconnect.addListener(() => watchingPages.delete(port));
  });
}

let timer: ReturnType<typeof setTimeout> | undefined;
let changeTimer: ReturnType<typeof setTimeout> | undefined;

/** The badge shows how many clips have not landed yet. */
async function updateBadge(outbox: Outbox): Promise<void> {
  const waiting = await outbox.list();
  const stuck = waiting.some((clip) => clip.state !== 'pending');
  await browser.action.setBadgeText({ text: waiting.length === 0 ? '' : String(waiting.length) });
  await browser.action.setBadgeBackgroundColor({ color: stuck ? '#b91c1c' : '#4f46e5' });
}

// One notification per burst of landings (landing-notices.ts), not one per clip.
const tellLanding = createLandingNotices({
  show: ({ id, title, message }) => void showNotification(id, title, message),
  countHeading: (count) => t('notifyLandedMany', String(count)),
});

function landedNotice(stored: StoredClip, landed: LandedClip): void {
  // An open popup shows the landing itself (its status line and list).
  if (watchingPages.size > 0) return;
  tellLanding({ id: landed.id, heading: t(kindOf(stored.clip.kind).texts.landed), title: landed.title });
}

function failedNotice(stored: StoredClip): void {
  const reason = stored.lastError ? describeError(stored.lastError) : '';
  void showNotification(`failed-${stored.id}`, t('notifyFailed', kindOf(stored.clip.kind).title(stored.clip)), reason);
}

/** The outbox of this background, wired to the browser: alarms, badge, notifications. */
export const outbox: Outbox = createOutbox({
  apiFor: apiForSpace,
  weblinkUrlProperty,
  endpointReadyAt,
  async isConnected(spaceId) {
    return (await getConnection(spaceId))?.state === 'connected';
  },
  wakeAt(at) {
    clearTimeout(timer);
    if (at === null) {
      void browser.alarms.clear(OUTBOX_ALARM);
      return;
    }
    const delay = timerDelay(at, Date.now());
    // A timer is precise while the worker lives; the alarm wakes a stopped worker (Chrome may
    // round it up to 30 s for packed extensions, which only matters after the worker stopped).
    if (delay !== undefined) timer = setTimeout(() => void outbox.drain(), delay);
    void browser.alarms.create(OUTBOX_ALARM, { when: at + 1_000 });
  },
  changed() {
    // Coalesced: a drain changes many clips in a burst.
    if (changeTimer !== undefined) return;
    changeTimer = setTimeout(() => {
      changeTimer = undefined;
      void outboxRevisionItem.setValue(Date.now());
      void updateBadge(outbox);
    }, 50);
  },
  landed: landedNotice,
  failed: failedNotice,
});
