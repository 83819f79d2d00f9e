import { browser } from 'wxt/browser';
import { trustedClipSettings } from '../choices';
import { db } from '../db';
import { pendingDisconnectsItem } from '../storage';
import { getConnection, listConnections, removeConnection, saveConnection } from './connections';
import { disconnect } from './disconnect';

/** How long a disconnect can be undone: the server hears of it only afterwards. */
export const UNDO_MS = 10_000;

/** Wakes a stopped background to carry out disconnects whose undo time has passed. */
export const DISCONNECT_ALARM = 'carry-out-disconnects';

/**
 * Hides the space at once (gone from the lists, its clips wait) and keeps its tokens, so Undo
 * can bring it back as it was. A timer carries it out while the background lives; the alarm does
 * where the browser stopped the background first.
 */
export async function disconnectLater(spaceId: string): Promise<void> {
  const connection = await getConnection(spaceId);
  if (!connection) return;
  const wasDefault = (await trustedClipSettings.getValue()).defaultSpaceId === spaceId;
  const at = Date.now() + UNDO_MS;
  await pendingDisconnectsItem.setValue({
    ...(await pendingDisconnectsItem.getValue()),
    [spaceId]: { connection, wasDefault, at },
  });
  await removeConnection(spaceId);
  await browser.alarms.create(DISCONNECT_ALARM, { when: at });
  setTimeout(carryOutDueDisconnects, UNDO_MS);
}

/** Brings the space back with its tokens; false once the disconnect was carried out. */
export async function undoDisconnect(spaceId: string): Promise<boolean> {
  const pending = await pendingDisconnectsItem.getValue();
  const entry = pending[spaceId];
  // Connected anew meanwhile: that connection stands, and this one is no longer to be restored.
  if (!entry || (await getConnection(spaceId))) return false;
  delete pending[spaceId];
  await pendingDisconnectsItem.setValue(pending);
  await saveConnection(entry.connection);
  if (entry.wasDefault)
    await trustedClipSettings.setValue({ ...(await trustedClipSettings.getValue()), defaultSpaceId: spaceId });
  return true;
}

let carrying = Promise.resolve();

/** One run at a time: the timer and the alarm may both fire, and each disconnect goes once. */
export function carryOutDueDisconnects(): Promise<void> {
  carrying = carrying.then(async () => {
    const pending = await pendingDisconnectsItem.getValue();
    for (const [spaceId, { at }] of Object.entries(pending)) {
      if (at > Date.now()) continue;
      delete pending[spaceId];
      await pendingDisconnectsItem.setValue(pending);
      // Connected anew meanwhile: the new sign-in already replaced (and revoked) these tokens.
      if (!(await getConnection(spaceId))) await disconnect(spaceId);
    }
  });
  return carrying;
}

/**
 * Disconnects cut short by the browser closing within their undo time: `storage.session`, and the
 * pending disconnect in it, went with the browser, but the tokens (IndexedDB) stayed, unrevoked.
 * Run when the background starts, before any sign-in it may be asked for can have written tokens:
 * tokens whose space is neither connected nor waiting for its undo time belong to such a
 * disconnect, which is carried out now.
 */
export function finishInterruptedDisconnects(): Promise<void> {
  carrying = carrying.then(async () => {
    const connected = new Set((await listConnections()).map(({ spaceId }) => spaceId));
    const pending = await pendingDisconnectsItem.getValue();
    for (const { spaceId } of await (await db()).getAll('secrets')) {
      if (!connected.has(spaceId) && !Object.hasOwn(pending, spaceId)) await disconnect(spaceId);
    }
  });
  return carrying;
}
