import { createMemoryTraits, createPacer, type Pacing, type WorkspaceApi, type WorkspaceObject } from './api';
import { paceWindowsItem, serverTraitsItem } from './storage';

/**
 * The background's memory of each server: the rate-limit budget of every endpoint (so a stopped
 * worker does not run into 429s) and the request forms it takes (lib/api/server-traits.ts). Neither
 * holds a token or decides where one goes: a connection's key is its space id.
 */

const pacer = createPacer({
  store: { load: () => paceWindowsItem.getValue(), save: (windows) => paceWindowsItem.setValue(windows) },
});

export const serverTraits = createMemoryTraits((all) => void serverTraitsItem.setValue(all).catch(() => undefined));
void serverTraitsItem.getValue().then(
  (stored) => serverTraits.load(stored),
  () => undefined,
);

/** A wait for the budget this short is waited out inside the request; a longer one queues the clip. */
const WAIT_IN_REQUEST_MS = 1_500;

/**
 * Requests of each window that a lookup (the popup's "already saved" question) leaves to the
 * outbox: a lookup is worth nothing once the popup is closed, a clip is what the person asked for.
 */
const LEFT_FOR_THE_OUTBOX = 5;

/** `lookup`: a question that gives way to clips (it never waits, and never takes the window's last requests). */
export function pacingFor(spaceId: string, purpose: 'clip' | 'lookup' = 'clip'): Pacing {
  return purpose === 'lookup'
    ? { pacer, scope: spaceId, maxWaitMs: 0, leave: LEFT_FOR_THE_OUTBOX }
    : { pacer, scope: spaceId, maxWaitMs: WAIT_IN_REQUEST_MS };
}

/** When the space's connection may call `endpoint` (`METHOD /path`) again (ms epoch). */
export function endpointReadyAt(spaceId: string, endpoint: string): Promise<number> {
  return pacer.readyAt(`${spaceId} ${endpoint}`);
}

/**
 * Objects as the server answered the writes of this worker, for a short while: the edit view that
 * follows a save shows the object the save got back instead of asking for it again (one request per
 * save). A write whose answer has no object, or a trash, forgets it; later views read it afresh.
 */
const RECENT_OBJECT_MS = 2 * 60_000;
const recentObjects = new Map<string, { object: WorkspaceObject; at: number }>();

/** The object as this worker's last write to it was answered, if that was within two minutes. */
export function recentObject(spaceId: string, objectId: string): WorkspaceObject | undefined {
  const kept = recentObjects.get(`${spaceId} ${objectId}`);
  return kept && Date.now() - kept.at < RECENT_OBJECT_MS ? kept.object : undefined;
}

/** Forgets what this worker last wrote to an object: the next view of it reads it afresh. */
export function forgetRecentObject(spaceId: string, objectId: string): void {
  recentObjects.delete(`${spaceId} ${objectId}`);
}

/** The space's API, noting the objects its writes answer (recentObject). */
export function rememberingObjects(spaceId: string, api: WorkspaceApi): WorkspaceApi {
  const note = (id: string, object: WorkspaceObject | null) => {
    recentObjects.delete(`${spaceId} ${id}`);
    if (object) recentObjects.set(`${spaceId} ${id}`, { object, at: Date.now() });
  };
  return {
    ...api,
    async createObject(request, options) {
      const saved = await api.createObject(request, options);
      note(saved.id, saved.object);
      return saved;
    },
    async createWeblink(request, options) {
      const object = await api.createWeblink(request, options);
      note(object.id, object);
      return object;
    },
    async updateObject(id, request, options) {
      note(id, null);
      const saved = await api.updateObject(id, request, options);
      if (request.deleteRequested === undefined) note(id, saved.object);
      return saved;
    },
    async restoreObject(id, options) {
      note(id, null);
      return api.restoreObject(id, options);
    },
    async deleteObject(id, options) {
      note(id, null);
      return api.deleteObject(id, options);
    },
  };
}
