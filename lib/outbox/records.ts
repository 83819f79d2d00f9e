import type { StoredClip } from '../clips/registry';
import type { LandedClip } from '../clips/stored-clip';
import type { Db } from '../db/schema';
import { migrateStoredClip } from './migrations';

/** Landed clips kept for the person's history, newest first. */
export const HISTORY_LIMIT = 100;

/**
 * The outbox's IndexedDB records. Every write takes a `claim`, checked synchronously right before
 * its transaction is created. IndexedDB runs the transactions of a store in creation order, so a
 * discard that comes after a write still wins, and a write that comes after a discard or a landing
 * is refused instead of bringing the clip back.
 */
export function createClipRecords(open: () => Promise<Db>) {
  return {
    /** Clips this build can deliver (migrated and written back); records it cannot are left untouched. */
    async load(): Promise<StoredClip[]> {
      const database = await open();
      const clips: StoredClip[] = [];
      for (const raw of await database.getAll('outbox')) {
        const migrated = migrateStoredClip(raw);
        if (migrated.kind !== 'ready') continue;
        if (migrated.changed) await database.put('outbox', migrated.clip);
        clips.push(migrated.clip);
      }
      return clips;
    },

    /** false when the claim refused the write. */
    async put(stored: StoredClip, claim: () => boolean): Promise<boolean> {
      const database = await open();
      if (!claim()) return false;
      await database.put('outbox', stored);
      return true;
    },

    async remove(id: string): Promise<void> {
      await (await open()).delete('outbox', id);
    },

    /**
     * Removes the clip from the outbox and adds it to the history in one transaction (so a clip is
     * never in both, nor in neither), trimming the history to its limit. false when the claim refused.
     */
    async land(landed: LandedClip, claim: () => boolean): Promise<boolean> {
      const database = await open();
      if (!claim()) return false;
      const tx = database.transaction(['outbox', 'history'], 'readwrite');
      const history = tx.objectStore('history');
      const done = tx.done;
      try {
        await Promise.all([tx.objectStore('outbox').delete(landed.id), history.put(landed)]);
        const keys = await history.index('byLandedAt').getAllKeys();
        await Promise.all(keys.slice(0, Math.max(0, keys.length - HISTORY_LIMIT)).map((key) => history.delete(key)));
      } catch (error) {
        await done.catch(() => undefined);
        throw error;
      }
      await done;
      return true;
    },

    /** Newest first. */
    async history(): Promise<LandedClip[]> {
      return (await (await open()).getAllFromIndex('history', 'byLandedAt')).reverse();
    },
  };
}

export type ClipRecords = ReturnType<typeof createClipRecords>;
