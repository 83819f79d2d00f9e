import { type ClipPayload, kindOf, type StoredClip } from '../clips/registry';
import { note } from '../clips/stored-clip';
import { db } from '../db';
import { ClipGone, createClipMemory } from './clip-memory';
import { type DeliveryHooks, deliver, NotYetSettled } from './deliver';
import type { OutboxEnvironment } from './environment';
import { createKeyedLock } from './keyed-lock';
import { afterFailure } from './retry-policy';
import { afterClockChange, dueAt, heads, nextWake, targetKey } from './schedule';
import { attemptEndpoints } from './steps';

export type { OutboxEnvironment } from './environment';

/** Clips of different targets sent at the same time. */
const CONCURRENCY = 4;
/** When the outbox's own storage failed, the next drain waits this long instead of spinning. */
const STORAGE_TROUBLE_DELAY_MS = 30_000;

/** Observers must not undo what is already stored. */
function tell(callback: () => void): void {
  try {
    callback();
  } catch {
    // Deliberately ignored: the outbox's state is durable and correct whatever an observer does.
  }
}

/**
 * The durable outbox: every clip is written to IndexedDB before its first request and stays there
 * until it has landed exactly once or the person discards it. Only the background uses it. The
 * rules (states, order, retries, reconciliation) are in README.md; the decisions are pure
 * functions (schedule.ts, retry-policy.ts, steps.ts), and this is the state around them: the
 * clips, the attempts running, the endpoints held back, the drain.
 *
 * `enqueue` only stores the clip: call `drain()` after it (the background does) to send it.
 */
export function createOutbox(env: OutboxEnvironment) {
  const now = env.now ?? Date.now;
  const random = env.random ?? Math.random;
  const memory = createClipMemory({ database: env.database ?? db, now, changed: () => tell(() => env.changed()) });
  /** `spaceId METHOD /path` → until when that endpoint answered 429 (in this worker). */
  const blockedUntil = new Map<string, number>();
  /** Target key → the attempt running for it (one per target, CONCURRENCY at most). */
  const active = new Map<string, { id: string; run: Promise<void> }>();

  const hooks: DeliveryHooks = {
    persist: memory.persist,
    now,
    exclusive: createKeyedLock(),
    otherResults: memory.otherResults,
    weblinkUrlProperty: (spaceId) =>
      env.weblinkUrlProperty?.(spaceId).catch(() => undefined) ?? Promise.resolve(undefined),
  };

  /** When a clip may go, counting every endpoint it may call (429s here, the pacer's budgets). */
  async function whenDue(stored: StoredClip): Promise<number> {
    const free = new Map<string, number>();
    for (const endpoint of attemptEndpoints(stored)) {
      const paced = (await env.endpointReadyAt?.(stored.spaceId, endpoint).catch(() => 0)) ?? 0;
      free.set(endpoint, Math.max(paced, blockedUntil.get(`${stored.spaceId} ${endpoint}`) ?? 0));
    }
    return dueAt(stored, (endpoint) => free.get(endpoint) ?? 0);
  }

  /** One attempt at a clip; never rejects (whatever stopped it is recorded on the clip). */
  async function attempt(stored: StoredClip): Promise<void> {
    try {
      try {
        await deliver(await env.apiFor(stored.spaceId), stored, hooks);
        const landed = await memory.land(stored);
        tell(() => env.landed(structuredClone(stored), landed));
      } catch (error) {
        if (error instanceof ClipGone) return;
        const at = now();
        const outcome = afterFailure(
          stored,
          error,
          at,
          random,
          error instanceof NotYetSettled ? error.until : undefined,
        );
        Object.assign(stored, outcome.changes);
        note(stored, at, outcome.event);
        if (outcome.blockEndpoint) {
          blockedUntil.set(`${stored.spaceId} ${outcome.blockEndpoint.endpoint}`, outcome.blockEndpoint.until);
        }
        await memory.persist(stored);
        if (outcome.tellPerson) tell(() => env.failed(structuredClone(stored)));
      }
    } catch {
      // Only storage can fail here. The clip keeps its state in memory (so this worker does not
      // retry it early) and in IndexedDB the last state that was written, which a restart resumes.
    }
  }

  /** Starts an attempt for every head that is due, up to CONCURRENCY targets at a time. */
  async function startDue(): Promise<void> {
    const map = await memory.clips();
    const at = now();
    const connected = new Map<string, Promise<boolean>>();
    // An unreadable connection is no reason to hold clips back: the request will tell.
    const isConnected = (spaceId: string): Promise<boolean> => {
      if (!connected.has(spaceId)) {
        connected.set(
          spaceId,
          Promise.resolve()
            .then(() => env.isConnected(spaceId))
            .catch(() => true),
        );
      }
      return connected.get(spaceId) as Promise<boolean>;
    };
    for (const head of heads(map.values())) {
      if (active.size >= CONCURRENCY) return;
      const key = targetKey(head);
      if (active.has(key)) continue;
      const corrected = afterClockChange(head, at);
      if (corrected !== undefined) {
        head.nextAttemptAt = corrected;
        await memory.persistUnlessGone(head);
      }
      if ((await whenDue(head)) > at) continue;
      const signedIn = await isConnected(head.spaceId);
      if (map.get(head.id) !== head) continue; // discarded while the connection was read
      if (!signedIn) {
        if (head.state !== 'needs-sign-in') {
          head.state = 'needs-sign-in';
          note(head, at, 'Waiting for sign-in.');
          await memory.persistUnlessGone(head);
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

  async function wakeTime(): Promise<number | null> {
    const waiting = [];
    for (const stored of heads((await memory.clips()).values())) waiting.push({ stored, due: await whenDue(stored) });
    return nextWake(waiting, now());
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
      await startDue().catch(() => {
        trouble = true;
      });
      if (active.size > 0) {
        const kicked = new Promise<void>((resolve) => {
          kick = resolve;
        });
        await Promise.race([kicked, ...[...active.values()].map((running) => running.run)]);
        continue;
      }
      const wake = await wakeTime().catch(() => {
        trouble = true;
        return null;
      });
      if (again && !trouble) continue;
      // Cleared in the same turn as the decision to stop, so a drain() asked after it starts anew.
      draining = undefined;
      tell(() => env.wakeAt(trouble ? now() + STORAGE_TROUBLE_DELAY_MS : wake));
      return;
    }
  }

  /**
   * Applies a person's change to a clip once no attempt is running for it (a drain may start the
   * next one as soon as the last ends, hence the loop), so the change never races a delivery.
   */
  async function update(id: string, change: (stored: StoredClip) => void): Promise<void> {
    const map = await memory.clips();
    const running = () => [...active.values()].find((candidate) => candidate.id === id)?.run;
    for (let attempt = running(); attempt; attempt = running()) await attempt;
    const stored = map.get(id);
    if (!stored) return;
    change(stored);
    await memory.persistUnlessGone(stored);
  }

  /** Sends again at once, as if new: a retry asked by the person, or a sign-in. */
  function goNow(stored: StoredClip, event: string): void {
    stored.state = 'pending';
    stored.nextAttemptAt = now();
    stored.attempts = 0;
    note(stored, now(), event);
  }

  return {
    async enqueue(spaceId: string, clip: ClipPayload): Promise<StoredClip> {
      return structuredClone(await memory.add(spaceId, clip));
    },

    /** Copies, oldest first: callers never hold the objects the outbox is delivering. */
    async list(): Promise<StoredClip[]> {
      return [...(await memory.clips()).values()]
        .sort((a, b) => a.seq - b.seq)
        .map((stored) => structuredClone(stored));
    },

    async get(id: string): Promise<StoredClip | undefined> {
      const stored = (await memory.clips()).get(id);
      return stored && structuredClone(stored);
    },

    history: memory.history,
    drain,

    /** The person asks for another attempt now (a failed clip after a fix, or a waiting one). */
    async retry(id: string): Promise<void> {
      await update(id, (stored) => goNow(stored, 'Retry asked.'));
      await drain();
    },

    /** The person gives a clip up. A request already on its way cannot be called back; nothing follows it. */
    discard: memory.remove,

    /**
     * Drops tags (by id, or a new tag by its title or the id it was given) from a clip the server
     * refused, where its kind tags. Call `retry` afterwards.
     */
    async edit(id: string, fix: { removeTags: string[] }): Promise<void> {
      await update(id, (stored) => {
        const dropTags = kindOf(stored.clip.kind).dropTags;
        if (!dropTags) return;
        dropTags(stored, new Set(fix.removeTags));
        note(stored, now(), 'Edited.');
      });
    },

    /** A connection was signed in again: its waiting clips go now. */
    async resumeSpace(spaceId: string): Promise<void> {
      for (const stored of (await memory.clips()).values()) {
        if (stored.spaceId !== spaceId || stored.state !== 'needs-sign-in') continue;
        goNow(stored, 'Signed in again.');
        await memory.persistUnlessGone(stored);
      }
      await drain();
    },

    /** Everything waiting on a backoff goes now (the browser came back online); a 429's wait is kept. */
    async retryWaitingNow(): Promise<void> {
      const at = now();
      for (const stored of (await memory.clips()).values()) {
        if (stored.state !== 'pending' || stored.nextAttemptAt <= at || stored.lastError?.kind === 'rate_limited')
          continue;
        stored.nextAttemptAt = at;
        await memory.persistUnlessGone(stored);
      }
      await drain();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
