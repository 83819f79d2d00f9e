import { storage } from 'wxt/utils/storage';
import { createMemoryTraits, createPacer, type PaceWindow, type Pacing, type ServerTraits } from './api';

/**
 * The background's memory of each server: the rate-limit budget of every endpoint (so a stopped
 * worker does not run into 429s) and the request forms it takes (lib/api/server-traits.ts). Neither
 * holds a token or decides where one goes: a connection's key is its space id.
 */

/** Budgets are per 60-second window: session storage outlives a stopped worker and need not outlive the browser. */
const paceWindowsItem = storage.defineItem<Record<string, PaceWindow>>('session:paceWindows', { fallback: {} });
/** A server's forms do not change from one browser session to the next. */
const serverTraitsItem = storage.defineItem<Record<string, ServerTraits>>('local:serverTraits', { fallback: {} });

export const pacer = createPacer({
  store: { load: () => paceWindowsItem.getValue(), save: (windows) => paceWindowsItem.setValue(windows) },
});

export const serverTraits = createMemoryTraits((all) => void serverTraitsItem.setValue(all).catch(() => undefined));
void serverTraitsItem.getValue().then(
  (stored) => serverTraits.load(stored),
  () => undefined,
);

/** A wait for the budget this short is waited out inside the request; a longer one queues the clip. */
const WAIT_IN_REQUEST_MS = 1_500;

export function pacingFor(spaceId: string): Pacing {
  return { pacer, scope: spaceId, maxWaitMs: WAIT_IN_REQUEST_MS };
}

/** When the space's connection may call `endpoint` (`METHOD /path`) again (ms epoch). */
export function endpointReadyAt(spaceId: string, endpoint: string): Promise<number> {
  return pacer.readyAt(`${spaceId} ${endpoint}`);
}
