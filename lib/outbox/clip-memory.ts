import { type ClipPayload, kindOf, type StoredClip } from '../clips/registry';
import { type LandedClip, UNDO_DISCARD_MS } from '../clips/stored-clip';
import type { Db } from '../db/schema';
import { createClipRecords } from './records';

/** Thrown inside an attempt whose clip was discarded (or landed) meanwhile: it stops, writing nothing. */
export class ClipGone extends Error {}

/**
 * The outbox's clips, in memory and in IndexedDB. They are loaded once per worker lifetime and
 * every change is written through at once: what was written is what a restarted worker continues
 * from. One object per clip is shared with the delivery, and writes are refused for a clip that is
 * no longer the outbox's (discarded or landed), so nothing brings it back.
 */
export function createClipMemory(options: {
  database: () => Promise<Db>;
  now: () => number;
  /** After every change that was written (badge, open popups). */
  changed(): void;
}) {
  const records = createClipRecords(options.database);
  let loading: Promise<Map<string, StoredClip>> | undefined;
  /** Clips discarded less than UNDO_DISCARD_MS ago: out of the outbox, still in IndexedDB. */
  const discarded = new Map<string, StoredClip>();
  /** The highest `seq` given out or loaded, so creation order holds even if the clock goes back. */
  let lastSeq = 0;

  function clips(): Promise<Map<string, StoredClip>> {
    loading ??= records.load().then(
      (loaded) => {
        const map = new Map<string, StoredClip>();
        for (const stored of loaded) {
          lastSeq = Math.max(lastSeq, stored.seq);
          if (stored.discardedAt === undefined) map.set(stored.id, stored);
          else discarded.set(stored.id, stored);
        }
        void sweep().catch(() => undefined);
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

  const undoOver = (stored: StoredClip) => options.now() >= (stored.discardedAt ?? 0) + UNDO_DISCARD_MS;

  /** Deletes the discarded clips whose undo time is over. */
  async function sweep(): Promise<void> {
    for (const stored of [...discarded.values()]) {
      if (undoOver(stored) && discarded.delete(stored.id)) await records.remove(stored.id);
    }
  }

  /** Writes a clip that is in the outbox; throws ClipGone when it was discarded or landed meanwhile. */
  async function persist(stored: StoredClip): Promise<void> {
    const map = await clips();
    if (!(await records.put(stored, () => map.get(stored.id) === stored))) throw new ClipGone();
    options.changed();
  }

  return {
    clips,
    persist,

    /** For changes outside an attempt: a clip discarded meanwhile needs no change. */
    async persistUnlessGone(stored: StoredClip): Promise<void> {
      try {
        await persist(stored);
      } catch (error) {
        if (!(error instanceof ClipGone)) throw error;
      }
    },

    /** Stores a new clip; durable when this resolves. */
    async add(spaceId: string, clip: ClipPayload): Promise<StoredClip> {
      const map = await clips();
      const at = options.now();
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
        progress: { tagIds: {}, objectId: kindOf(clip.kind).objectId(clip), partsLanded: 0 },
        lastError: null,
        events: [{ at, text: 'Made.' }],
      };
      await records.put(stored, () => true);
      map.set(stored.id, stored);
      options.changed();
      return stored;
    },

    /**
     * Moves a clip from the outbox to the history in one transaction. It leaves the map before the
     * transaction starts, so no later write (a retry asked meanwhile) can put it back.
     */
    async land(stored: StoredClip): Promise<LandedClip> {
      const map = await clips();
      const { clip } = stored;
      const kind = kindOf(clip.kind);
      const landed: LandedClip = {
        id: stored.id,
        spaceId: stored.spaceId,
        kind: clip.kind,
        title: kind.title(clip),
        sourceUrl: kind.sourceUrl(clip),
        objectId: stored.progress.objectId,
        createdAt: stored.createdAt,
        landedAt: options.now(),
      };
      const claim = () => map.get(stored.id) === stored && map.delete(stored.id);
      try {
        if (!(await records.land(landed, claim))) throw new ClipGone();
      } catch (error) {
        if (!(error instanceof ClipGone) && !map.has(stored.id)) map.set(stored.id, stored);
        throw error;
      }
      options.changed();
      return landed;
    },

    /**
     * Takes a clip out of the outbox at once (an attempt running for it stops at its next write)
     * and keeps it, marked, for the undo time: a worker that restarts meanwhile still knows it.
     */
    async discard(id: string): Promise<void> {
      const map = await clips();
      const stored = map.get(id);
      if (!stored) return;
      map.delete(id);
      stored.discardedAt = options.now();
      discarded.set(id, stored);
      await records.put(stored, () => discarded.get(id) === stored);
      options.changed();
      setTimeout(() => void sweep().catch(() => undefined), UNDO_DISCARD_MS);
    },

    /** Brings a clip discarded within the undo time back where it was; false when it is gone. */
    async undoDiscard(id: string): Promise<boolean> {
      const map = await clips();
      const stored = discarded.get(id);
      if (!stored || undoOver(stored)) return false;
      discarded.delete(id);
      delete stored.discardedAt;
      map.set(id, stored);
      await persist(stored);
      return true;
    },

    history: (): Promise<LandedClip[]> => records.history(),

    /** Ids of objects other clips created (waiting or landed): never taken for this clip's result. */
    async otherResults(stored: StoredClip): Promise<ReadonlySet<string>> {
      const ids = new Set<string>();
      for (const other of (await clips()).values()) {
        if (other.id !== stored.id && other.progress.objectId !== null) ids.add(other.progress.objectId);
      }
      for (const landed of await records.history()) {
        if (landed.id !== stored.id && landed.objectId !== null) ids.add(landed.objectId);
      }
      return ids;
    },
  };
}

export type ClipMemory = ReturnType<typeof createClipMemory>;
