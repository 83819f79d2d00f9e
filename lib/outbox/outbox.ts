import { type ClipPayload, kindOf, type StoredClip } from '../clips/registry';
import { note } from '../clips/stored-clip';
import { db } from '../db';
import { tell } from './attempt';
import { createClipMemory } from './clip-memory';
import type { DeliveryHooks } from './deliver';
import { createDrain } from './drain';
import type { OutboxEnvironment } from './environment';
import { createKeyedLock } from './keyed-lock';

export type { OutboxEnvironment } from './environment';

/**
 * The durable outbox: every clip is written to IndexedDB before its first request and stays there
 * until it has landed exactly once or the person discards it. Only the background uses it. The
 * rules (states, order, retries, reconciliation) are in README.md; the decisions are pure
 * functions (schedule.ts, retry-policy.ts, steps.ts) and each clip kind's own module
 * (lib/clips/); around them: the clips (clip-memory.ts), one attempt (attempt.ts), the drain
 * (drain.ts), and here what a person or the background asks of it.
 *
 * `enqueue` only stores the clip: call `drain()` after it (the background does) to send it.
 */
export function createOutbox(env: OutboxEnvironment) {
  const now = env.now ?? Date.now;
  const random = env.random ?? Math.random;
  const memory = createClipMemory({ database: env.database ?? db, now, changed: () => tell(() => env.changed()) });
  const hooks: DeliveryHooks = {
    persist: memory.persist,
    now,
    exclusive: createKeyedLock(),
    otherResults: memory.otherResults,
    weblinkUrlProperty: (spaceId) =>
      env.weblinkUrlProperty?.(spaceId).catch(() => undefined) ?? Promise.resolve(undefined),
  };
  const { drain, idle } = createDrain({ env, memory, hooks, now, random });

  /**
   * Applies a person's change to a clip once no attempt is running for it (a drain may start the
   * next one as soon as the last ends, hence the loop), so the change never races a delivery.
   */
  async function update(id: string, change: (stored: StoredClip) => void): Promise<void> {
    const map = await memory.clips();
    await idle(id);
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

    /**
     * The person gives a clip up. A request already on its way cannot be called back; nothing
     * follows it. For UNDO_DISCARD_MS, `undoDiscard` brings it back.
     */
    discard: memory.discard,

    async undoDiscard(id: string): Promise<void> {
      if (await memory.undoDiscard(id)) await drain();
    },

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
