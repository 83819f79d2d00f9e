import { isApiError, serializeApiError, type WorkspaceApi } from '../api';
import { type Db, db } from '../db';
import {
  attemptEndpoints,
  type DeliveryHooks,
  deliver,
  lookupDelayAfterLoss,
  NotYetSettled,
  note,
  resolvedTagId,
} from './deliver';
import { createKeyedLock } from './keyed-lock';
import { urlKey, weblinkTitle } from './reconcile';
import { backoffDelay, classifyError, longestWait } from './retry-policy';
import { createClipStore } from './store';
import { type ClipPayload, isWeblinkClip, type LandedClip, type StoredClip } from './types';

/** Clips of different targets sent at the same time. */
const CONCURRENCY = 4;
/** When the outbox's own storage failed, the next drain waits this long instead of spinning. */
const STORAGE_TROUBLE_DELAY_MS = 30_000;

export interface OutboxEnvironment {
  apiFor(spaceId: string): Promise<WorkspaceApi>;
  /** Whether the space has a connection that is signed in. */
  isConnected(spaceId: string): Promise<boolean>;
  /** Asks for `drain()` to run at that time (null: nothing is waiting on time). */
  wakeAt(at: number | null): void;
  /** The outbox's content changed (badge, open popups). */
  changed(): void;
  landed(clip: StoredClip, landed: LandedClip): void;
  /** A clip stopped for a reason a person must address. */
  failed(clip: StoredClip): void;
  now?(): number;
  random?(): number;
  /** The database; default `db()` of lib/db. Tests give each simulated worker its own connection. */
  database?(): Promise<Db>;
  /** The weblink type's URL property in a space (found by type); unknown: any URL-typed value is compared. */
  weblinkUrlProperty?(spaceId: string): Promise<string | undefined>;
  /**
   * When a request to an endpoint of a space may go (ms epoch), as the API client's pacer knows
   * (lib/api/pacer.ts); the outbox holds a clip back until every endpoint it may call is free.
   */
  endpointReadyAt?(spaceId: string, endpoint: string): Promise<number>;
}

/** Clips to the same target are delivered one at a time, in the order they were made. */
export function targetKey(stored: StoredClip): string {
  const { clip } = stored;
  switch (clip.kind) {
    case 'daily-note':
      return `daily-note ${stored.spaceId} ${clip.date}`;
    case 'append':
      return `object ${stored.spaceId} ${clip.objectId}`;
    default:
      // Two clips of one page are two weblinks; one at a time, so when an answer is lost the
      // first one's weblink is already known and never taken for the second's (reconcile.ts).
      return `weblink ${stored.spaceId} ${urlKey(clip.url)}`;
  }
}

/** A one-line name for a clip in lists and notifications. */
export function clipTitle(stored: StoredClip): string {
  const { clip } = stored;
  return isWeblinkClip(clip) ? weblinkTitle(clip) : clip.source.title || clip.source.url;
}

/** Thrown inside an attempt whose clip was discarded (or landed) meanwhile: it stops, writing nothing. */
class ClipGone extends Error {}

/**
 * The durable outbox: every clip is written to IndexedDB before its first request and stays there
 * until it has landed exactly once or the person discards it. Only the background uses it. The
 * rules (states, order, retries, reconciliation) are in README.md.
 *
 * `enqueue` only stores the clip: call `drain()` after it (the background does) to send it.
 */
export function createOutbox(env: OutboxEnvironment) {
  const now = env.now ?? Date.now;
  const random = env.random ?? Math.random;
  const store = createClipStore(env.database ?? db);
  const exclusive = createKeyedLock();

  /**
   * All deliverable clips, loaded once per worker lifetime. A change to a clip is written through
   * to IndexedDB at once (`persist`): what was written is what a restarted worker continues from.
   */
  let loading: Promise<Map<string, StoredClip>> | undefined;
  /** The highest `seq` given out or loaded, so creation order holds even if the clock goes back. */
  let lastSeq = 0;
  /** `spaceId METHOD /path` → until when that endpoint answered 429. */
  const blockedUntil = new Map<string, number>();
  /** Target key → the attempt running for it (one per target, CONCURRENCY at most). */
  const active = new Map<string, { id: string; run: Promise<void> }>();

  function clips(): Promise<Map<string, StoredClip>> {
    loading ??= store.load().then(
      (loaded) => {
        const map = new Map<string, StoredClip>();
        for (const stored of loaded) {
          map.set(stored.id, stored);
          lastSeq = Math.max(lastSeq, stored.seq);
        }
        return map;
      },
      (error: unknown) => {
        // Try again at the next call instead of keeping a failed load for the worker's lifetime.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  /** Observers must not undo what is already stored. */
  function tell(callback: () => void): void {
    try {
      callback();
    } catch {
      // Deliberately ignored: the outbox's state is durable and correct whatever an observer does.
    }
  }

  /** Writes a clip that is in the outbox; throws ClipGone when it was discarded or landed meanwhile. */
  async function persist(stored: StoredClip): Promise<void> {
    const map = await clips();
    if (!(await store.put(stored, () => map.get(stored.id) === stored))) throw new ClipGone();
    tell(() => env.changed());
  }

  /** For changes outside an attempt: a clip discarded meanwhile needs no change. */
  async function persistUnlessGone(stored: StoredClip): Promise<void> {
    try {
      await persist(stored);
    } catch (error) {
      if (!(error instanceof ClipGone)) throw error;
    }
  }

  async function enqueue(spaceId: string, clip: ClipPayload): Promise<StoredClip> {
    const map = await clips();
    const at = now();
    lastSeq = Math.max(lastSeq + 1, at * 1000);
    const stored: StoredClip = {
      v: 1,
      id: crypto.randomUUID(),
      seq: lastSeq,
      spaceId,
      createdAt: at,
      clip: structuredClone(clip),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      inFlight: null,
      progress: { tagIds: {}, objectId: clip.kind === 'append' ? clip.objectId : null, partsLanded: 0 },
      lastError: null,
      events: [{ at, text: 'Made.' }],
    };
    await store.put(stored, () => true);
    map.set(stored.id, stored);
    tell(() => env.changed());
    return structuredClone(stored);
  }

  /** Copies, oldest first: callers never hold the objects the outbox is delivering. */
  async function list(): Promise<StoredClip[]> {
    return [...(await clips()).values()].sort((a, b) => a.seq - b.seq).map((stored) => structuredClone(stored));
  }

  async function get(id: string): Promise<StoredClip | undefined> {
    const stored = (await clips()).get(id);
    return stored && structuredClone(stored);
  }

  function history(): Promise<LandedClip[]> {
    return store.history();
  }

  async function land(stored: StoredClip): Promise<void> {
    const map = await clips();
    const { clip } = stored;
    const landed: LandedClip = {
      id: stored.id,
      spaceId: stored.spaceId,
      kind: clip.kind,
      title: clipTitle(stored),
      sourceUrl: isWeblinkClip(clip) ? clip.url : clip.source.url,
      objectId: stored.progress.objectId,
      createdAt: stored.createdAt,
      landedAt: now(),
    };
    // Out of the map before the transaction starts, so no later write (a retry asked meanwhile)
    // can put a landed clip back into the outbox.
    const claim = () => map.get(stored.id) === stored && map.delete(stored.id);
    try {
      if (!(await store.land(landed, claim))) throw new ClipGone();
    } catch (error) {
      if (!(error instanceof ClipGone) && !map.has(stored.id)) map.set(stored.id, stored);
      throw error;
    }
    tell(() => env.changed());
    tell(() => env.landed(structuredClone(stored), landed));
  }

  const hooks: DeliveryHooks = {
    persist,
    now,
    exclusive,
    weblinkUrlProperty: (spaceId) =>
      env.weblinkUrlProperty?.(spaceId).catch(() => undefined) ?? Promise.resolve(undefined),
    async otherResults(stored) {
      const ids = new Set<string>();
      for (const other of (await clips()).values()) {
        if (other.id !== stored.id && other.progress.objectId !== null) ids.add(other.progress.objectId);
      }
      for (const landed of await store.history()) {
        if (landed.id !== stored.id && landed.objectId !== null) ids.add(landed.objectId);
      }
      return ids;
    },
  };

  /** One attempt at a clip; never rejects (whatever stopped it is recorded on the clip). */
  async function attempt(stored: StoredClip): Promise<void> {
    try {
      try {
        await deliver(await env.apiFor(stored.spaceId), stored, hooks);
        await land(stored);
      } catch (error) {
        if (!(error instanceof ClipGone)) await recordFailure(stored, error);
      }
    } catch {
      // Only storage can fail here. The clip keeps its state in memory (so this worker does not
      // retry it early) and in IndexedDB the last state that was written, which a restart resumes.
    }
  }

  async function recordFailure(stored: StoredClip, error: unknown): Promise<void> {
    const at = now();
    if (error instanceof NotYetSettled) {
      stored.state = 'pending';
      stored.nextAttemptAt = error.until;
      note(stored, at, 'Waiting for the daily note to be updated before looking for the lost append.');
      await persist(stored);
      return;
    }
    stored.attempts += 1;
    if (!isApiError(error)) {
      // Not an answer from the service but a fault here: keep the clip, stop, and say so.
      stored.state = 'failed';
      const reason = error instanceof Error ? error.message : String(error);
      stored.lastError = {
        kind: 'malformed_response',
        endpoint: 'outbox',
        message: reason,
        reason,
        mayHaveBeenApplied: stored.inFlight !== null,
      };
      note(stored, at, `Stopped: ${stored.lastError.message}`);
      await persist(stored);
      tell(() => env.failed(structuredClone(stored)));
      return;
    }
    stored.lastError = serializeApiError(error);
    const outcome = classifyError(error, stored.attempts, random);
    switch (outcome.kind) {
      case 'retry': {
        stored.state = 'pending';
        const lookupDelay = error.mayHaveBeenApplied ? lookupDelayAfterLoss(stored) : 0;
        stored.nextAttemptAt = at + Math.max(outcome.delayMs, lookupDelay);
        if (outcome.rateLimited) blockedUntil.set(`${stored.spaceId} ${error.endpoint}`, at + outcome.delayMs);
        note(stored, at, `Will retry in ${Math.ceil((stored.nextAttemptAt - at) / 1000)} s: ${error.message}`);
        break;
      }
      case 'needs-sign-in':
        // resumeSpace() sends it once signed in. While its connection still reads as signed in
        // (a refresh that failed for a passing reason also ends here), it is retried after a
        // backoff, so a server that refuses a token the extension believes valid is not hammered.
        stored.state = 'needs-sign-in';
        stored.nextAttemptAt = at + backoffDelay(stored.attempts, random);
        note(stored, at, 'Waiting for sign-in.');
        break;
      case 'failed':
        stored.state = 'failed';
        note(stored, at, `Refused: ${error.message}`);
        break;
    }
    await persist(stored);
    if (outcome.kind === 'failed') tell(() => env.failed(structuredClone(stored)));
  }

  /**
   * The first clip of every target that is not failed: later clips of a target wait behind it.
   * A failed clip waits for a person, possibly for days, so it does not hold its target.
   */
  function heads(map: Map<string, StoredClip>): StoredClip[] {
    const seen = new Set<string>();
    const result: StoredClip[] = [];
    for (const stored of [...map.values()].sort((a, b) => a.seq - b.seq)) {
      if (stored.state === 'failed') continue;
      const key = targetKey(stored);
      if (seen.has(key)) continue;
      seen.add(key);
      result.push(stored);
    }
    return result;
  }

  /**
   * When a head may be attempted: its own time, and every endpoint it may call free of a 429 and
   * within the budget the server announced (the pacer's view survives a stopped worker).
   */
  async function dueAt(stored: StoredClip): Promise<number> {
    let due = stored.nextAttemptAt;
    for (const endpoint of attemptEndpoints(stored)) {
      due = Math.max(due, blockedUntil.get(`${stored.spaceId} ${endpoint}`) ?? 0);
      if (env.endpointReadyAt) {
        due = Math.max(due, await env.endpointReadyAt(stored.spaceId, endpoint).catch(() => 0));
      }
    }
    return due;
  }

  /**
   * A clip due later than its last error can justify was scheduled before the computer's clock
   * was set back: it is rescheduled (once, so the time stays put) to wait no longer than that.
   */
  async function undoClockChange(stored: StoredClip, at: number): Promise<void> {
    const latest = at + longestWait(stored.lastError);
    if (stored.nextAttemptAt <= latest) return;
    stored.nextAttemptAt = latest;
    await persistUnlessGone(stored);
  }

  /** Starts an attempt for every head that is due, up to CONCURRENCY targets at a time. */
  async function startDue(): Promise<void> {
    const map = await clips();
    const at = now();
    const connected = new Map<string, Promise<boolean>>();
    const isConnected = (spaceId: string): Promise<boolean> => {
      let known = connected.get(spaceId);
      if (known === undefined) {
        // An unreadable connection is no reason to hold clips back: the request will tell.
        known = Promise.resolve()
          .then(() => env.isConnected(spaceId))
          .catch(() => true);
        connected.set(spaceId, known);
      }
      return known;
    };
    for (const head of heads(map)) {
      if (active.size >= CONCURRENCY) return;
      const key = targetKey(head);
      if (active.has(key)) continue;
      await undoClockChange(head, at);
      if ((await dueAt(head)) > at) continue;
      const signedIn = await isConnected(head.spaceId);
      if (map.get(head.id) !== head) continue; // discarded while the connection was read
      if (!signedIn) {
        if (head.state !== 'needs-sign-in') {
          head.state = 'needs-sign-in';
          note(head, at, 'Waiting for sign-in.');
          await persistUnlessGone(head);
        }
        continue;
      }
      if (head.state === 'needs-sign-in') {
        // Signed in again without resumeSpace reaching this worker (it stopped meanwhile).
        head.state = 'pending';
        note(head, at, 'Signed in again.');
      }
      const run = attempt(head).finally(() => active.delete(key));
      active.set(key, { id: head.id, run });
    }
  }

  /**
   * When the earliest waiting head may go (null when none waits on time). A head waiting for
   * sign-in counts only while its backoff after a 401 runs: once that is over and its space is
   * still signed out, only resumeSpace (or another reason to drain) sends it.
   */
  async function nextWake(): Promise<number | null> {
    const at = now();
    let earliest: number | null = null;
    for (const head of heads(await clips())) {
      const due = await dueAt(head);
      if (head.state === 'needs-sign-in' && due <= at) continue;
      earliest = earliest === null ? due : Math.min(earliest, due);
    }
    return earliest;
  }

  let draining: Promise<void> | undefined;
  /** A drain was asked while one ran: look again before finishing. */
  let again = false;
  /** Wakes the running drain's wait, so a clip enqueued meanwhile starts without waiting for a slot to free. */
  let kick: (() => void) | undefined;

  /** Delivers what is due; concurrent calls share one run (and make it look once more). Never rejects. */
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      kick?.();
      return draining;
    }
    draining = run();
    return draining;
  }

  async function run(): Promise<void> {
    for (;;) {
      again = false;
      let trouble = false;
      try {
        await startDue();
      } catch {
        trouble = true;
      }
      if (active.size > 0) {
        const kicked = new Promise<void>((resolve) => {
          kick = resolve;
        });
        await Promise.race([kicked, ...[...active.values()].map((attempt) => attempt.run)]);
        continue;
      }
      let wake: number | null;
      try {
        wake = await nextWake();
      } catch {
        trouble = true;
        wake = null;
      }
      if (again && !trouble) continue;
      if (trouble) wake = now() + STORAGE_TROUBLE_DELAY_MS;
      // Cleared in the same turn as the decision to stop, so a drain() asked after it starts anew.
      draining = undefined;
      tell(() => env.wakeAt(wake));
      return;
    }
  }

  function runningAttempt(id: string): Promise<void> | undefined {
    for (const attempt of active.values()) if (attempt.id === id) return attempt.run;
    return undefined;
  }

  /**
   * Applies a person's change to a clip once no attempt is running for it (a drain may start the
   * next one as soon as the last ends, hence the loop), so the change never races a delivery.
   */
  async function update(id: string, change: (stored: StoredClip) => void): Promise<void> {
    const map = await clips();
    for (let running = runningAttempt(id); running; running = runningAttempt(id)) await running;
    const stored = map.get(id);
    if (!stored) return;
    change(stored);
    await persistUnlessGone(stored);
  }

  /** The person asks for another attempt now (a failed clip after a fix, or a waiting one). */
  async function retry(id: string): Promise<void> {
    await update(id, (stored) => {
      stored.state = 'pending';
      stored.nextAttemptAt = now();
      stored.attempts = 0;
      note(stored, now(), 'Retry asked.');
    });
    await drain();
  }

  /** The person gives a clip up. A request already on its way cannot be called back; nothing follows it. */
  async function discard(id: string): Promise<void> {
    (await clips()).delete(id);
    await store.remove(id);
    tell(() => env.changed());
  }

  /**
   * Fixes a weblink clip the server refused: drops tags (by id, or a new tag by its title or the
   * id it was given), properties or the collection. Call `retry` afterwards.
   */
  async function edit(
    id: string,
    fix: { removeTags?: string[]; removeProperties?: string[]; removeCollections?: boolean },
  ): Promise<void> {
    await update(id, (stored) => {
      const { clip, progress } = stored;
      if (!isWeblinkClip(clip)) return;
      const drop = new Set(fix.removeTags ?? []);
      clip.tags = clip.tags.filter((tag) => {
        if (tag.kind === 'existing') return !drop.has(tag.id);
        const givenId = resolvedTagId(progress, tag.title);
        return !drop.has(tag.title) && !(givenId !== undefined && drop.has(givenId));
      });
      for (const property of fix.removeProperties ?? []) delete clip.properties[property];
      if (fix.removeCollections) delete clip.collections;
      if (progress.objectId !== null) {
        // What the weblink still lacks is worked out again against the edited clip.
        progress.unapplied = undefined;
        progress.fellBack = false;
      }
      note(stored, now(), 'Edited.');
    });
  }

  /** A connection was signed in again: its waiting clips go now. */
  async function resumeSpace(spaceId: string): Promise<void> {
    for (const stored of (await clips()).values()) {
      if (stored.spaceId !== spaceId || stored.state !== 'needs-sign-in') continue;
      stored.state = 'pending';
      stored.nextAttemptAt = now();
      stored.attempts = 0;
      note(stored, now(), 'Signed in again.');
      await persistUnlessGone(stored);
    }
    await drain();
  }

  /** Everything waiting on a backoff goes now (the browser came back online); a 429's wait is kept. */
  async function retryWaitingNow(): Promise<void> {
    const at = now();
    for (const stored of (await clips()).values()) {
      if (stored.state !== 'pending' || stored.nextAttemptAt <= at || stored.lastError?.kind === 'rate_limited')
        continue;
      stored.nextAttemptAt = at;
      await persistUnlessGone(stored);
    }
    await drain();
  }

  return { enqueue, list, get, history, drain, retry, discard, edit, resumeSpace, retryWaitingNow };
}

export type Outbox = ReturnType<typeof createOutbox>;
