import { type ApiError, isApiError, serializeApiError, type WorkspaceApi } from '../api';
import { db } from '../db';
import { deliver, nextStep, note, stepEndpoint } from './deliver';
import { migrateStoredClip } from './migrations';
import { classifyError } from './retry-policy';
import { type ClipPayload, isWeblinkClip, type LandedClip, type StoredClip } from './types';

/** Clips of different targets sent at the same time. */
const CONCURRENCY = 4;
const HISTORY_LIMIT = 100;

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
  sleep?(ms: number): Promise<void>;
}

/** Clips to the same target are delivered in the order they were made. */
export function targetKey(stored: StoredClip): string {
  const { clip } = stored;
  switch (clip.kind) {
    case 'daily-note':
      return `daily-note ${stored.spaceId} ${clip.date}`;
    case 'append':
      return `object ${stored.spaceId} ${clip.objectId}`;
    default:
      return `weblink ${stored.id}`;
  }
}

/** A one-line name for a clip in lists and notifications. */
export function clipTitle(stored: StoredClip): string {
  const { clip } = stored;
  return isWeblinkClip(clip) ? clip.title : clip.source.title || clip.source.url;
}

/**
 * The durable outbox: every clip is written to IndexedDB before its first request and stays there
 * until it has landed exactly once or the person discards it. Only the background uses it.
 */
export function createOutbox(env: OutboxEnvironment) {
  const now = env.now ?? Date.now;
  const random = env.random ?? Math.random;
  const sleep = env.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** All clips, loaded once per worker lifetime; every change is written through to IndexedDB. */
  let loaded: Promise<Map<string, StoredClip>> | undefined;
  /** `spaceId endpoint` → until when that endpoint answered 429. */
  const blockedUntil = new Map<string, number>();
  let seqCounter = 0;

  function clips(): Promise<Map<string, StoredClip>> {
    loaded ??= (async () => {
      const database = await db();
      const map = new Map<string, StoredClip>();
      for (const raw of await database.getAll('outbox')) {
        const migrated = migrateStoredClip(raw);
        map.set(migrated.id, migrated);
        if (migrated !== raw) await database.put('outbox', migrated);
      }
      return map;
    })();
    return loaded;
  }

  async function save(stored: StoredClip): Promise<void> {
    await (await db()).put('outbox', stored);
    (await clips()).set(stored.id, stored);
    env.changed();
  }

  async function enqueue(spaceId: string, clip: ClipPayload): Promise<StoredClip> {
    const at = now();
    const stored: StoredClip = {
      v: 1,
      id: crypto.randomUUID(),
      seq: at * 1000 + (seqCounter++ % 1000),
      spaceId,
      createdAt: at,
      clip,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      inFlight: null,
      progress: { tagIds: {}, objectId: clip.kind === 'append' ? clip.objectId : null, partsLanded: 0 },
      lastError: null,
      events: [{ at, text: 'Made.' }],
    };
    await save(stored);
    return stored;
  }

  async function list(): Promise<StoredClip[]> {
    return [...(await clips()).values()].sort((a, b) => a.seq - b.seq);
  }

  async function get(id: string): Promise<StoredClip | undefined> {
    return (await clips()).get(id);
  }

  async function history(): Promise<LandedClip[]> {
    const landed = await (await db()).getAllFromIndex('history', 'byLandedAt');
    return landed.reverse();
  }

  async function land(stored: StoredClip): Promise<void> {
    const database = await db();
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
    const tx = database.transaction(['outbox', 'history'], 'readwrite');
    await Promise.all([tx.objectStore('outbox').delete(stored.id), tx.objectStore('history').put(landed), tx.done]);
    (await clips()).delete(stored.id);
    await trimHistory();
    env.changed();
    env.landed(stored, landed);
  }

  async function trimHistory(): Promise<void> {
    const database = await db();
    const keys = await database.getAllKeysFromIndex('history', 'byLandedAt');
    for (const key of keys.slice(0, Math.max(0, keys.length - HISTORY_LIMIT))) await database.delete('history', key);
  }

  /** The first clip of every target that is not failed: later clips of a target wait behind it. */
  async function heads(): Promise<StoredClip[]> {
    const seen = new Set<string>();
    const result: StoredClip[] = [];
    for (const stored of await list()) {
      if (stored.state === 'failed') continue;
      const key = targetKey(stored);
      if (seen.has(key)) continue;
      seen.add(key);
      result.push(stored);
    }
    return result;
  }

  function blockedFor(stored: StoredClip): number {
    const step = nextStep(stored);
    return step === null ? 0 : (blockedUntil.get(`${stored.spaceId} ${stepEndpoint(stored, step)}`) ?? 0);
  }

  async function attempt(stored: StoredClip): Promise<void> {
    try {
      const api = await env.apiFor(stored.spaceId);
      await deliver(api, stored, { save, now, sleep });
      await land(stored);
    } catch (error) {
      await recordFailure(stored, error);
    }
  }

  async function recordFailure(stored: StoredClip, error: unknown): Promise<void> {
    const apiError: ApiError | undefined = isApiError(error) ? error : undefined;
    stored.attempts += 1;
    if (!apiError) {
      // Not an answer from the service but a fault here: keep the clip, stop, and say so.
      stored.state = 'failed';
      stored.lastError = {
        kind: 'malformed_response',
        endpoint: 'outbox',
        message: error instanceof Error ? error.message : String(error),
        mayHaveBeenApplied: stored.inFlight !== null,
      };
      note(stored, now(), `Stopped: ${stored.lastError.message}`);
      await save(stored);
      env.failed(stored);
      return;
    }
    stored.lastError = serializeApiError(apiError);
    const outcome = classifyError(apiError, stored.attempts, random);
    if (outcome.kind === 'retry') {
      stored.state = 'pending';
      stored.nextAttemptAt = now() + outcome.delayMs;
      if (outcome.rateLimited) blockedUntil.set(`${stored.spaceId} ${apiError.endpoint}`, stored.nextAttemptAt);
      note(stored, now(), `Will retry in ${Math.ceil(outcome.delayMs / 1000)} s: ${apiError.message}`);
    } else if (outcome.kind === 'needs-sign-in') {
      stored.state = 'needs-sign-in';
      note(stored, now(), 'Waiting for sign-in.');
    } else {
      stored.state = 'failed';
      note(stored, now(), `Refused: ${apiError.message}`);
    }
    await save(stored);
    if (outcome.kind === 'failed') env.failed(stored);
  }

  /** Sends every clip that is due, a few targets at a time, until none is. */
  async function pump(): Promise<void> {
    const active = new Map<string, Promise<void>>();
    for (;;) {
      const connected = new Map<string, boolean>();
      const isConnected = async (spaceId: string) => {
        if (!connected.has(spaceId)) connected.set(spaceId, await env.isConnected(spaceId));
        return connected.get(spaceId) as boolean;
      };
      const at = now();
      for (const head of await heads()) {
        if (active.size >= CONCURRENCY) break;
        const key = targetKey(head);
        if (active.has(key) || head.nextAttemptAt > at || blockedFor(head) > at) continue;
        if (!(await isConnected(head.spaceId))) {
          if (head.state !== 'needs-sign-in') {
            head.state = 'needs-sign-in';
            note(head, at, 'Waiting for sign-in.');
            await save(head);
          }
          continue;
        }
        if (head.state === 'needs-sign-in') {
          // Signed in again while this worker was stopped: resume.
          head.state = 'pending';
          note(head, at, 'Signed in again.');
          await save(head);
        }
        const run = attempt(head).finally(() => active.delete(key));
        active.set(key, run);
      }
      if (active.size === 0) return;
      await Promise.race(active.values());
    }
  }

  let draining: Promise<void> | undefined;
  let again = false;

  /** Delivers what is due; concurrent calls share one run (and make it look once more). */
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        await pump();
      } while (again);
      env.wakeAt(await nextWake());
    })().finally(() => {
      draining = undefined;
    });
    return draining;
  }

  /** When the earliest waiting clip may go (null when none waits on time). */
  async function nextWake(): Promise<number | null> {
    let earliest: number | null = null;
    for (const head of await heads()) {
      if (head.state !== 'pending') continue;
      const at = Math.max(head.nextAttemptAt, blockedFor(head));
      earliest = earliest === null ? at : Math.min(earliest, at);
    }
    return earliest;
  }

  async function update(id: string, change: (stored: StoredClip) => void): Promise<StoredClip | undefined> {
    const stored = await get(id);
    if (!stored) return undefined;
    change(stored);
    await save(stored);
    return stored;
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

  /** The person gives a clip up. */
  async function discard(id: string): Promise<void> {
    await (await db()).delete('outbox', id);
    (await clips()).delete(id);
    env.changed();
  }

  /** Fixes a weblink clip the server refused: drops tags, properties or the collection. */
  async function edit(
    id: string,
    fix: { removeTags?: string[]; removeProperties?: string[]; removeCollections?: boolean },
  ): Promise<void> {
    await update(id, (stored) => {
      const { clip } = stored;
      if (!isWeblinkClip(clip)) return;
      const dropTags = new Set(fix.removeTags ?? []);
      clip.tags = clip.tags.filter((tag) => !dropTags.has(tag.kind === 'existing' ? tag.id : tag.title));
      for (const property of fix.removeProperties ?? []) delete clip.properties[property];
      if (fix.removeCollections) delete clip.collections;
      note(stored, now(), 'Edited.');
    });
  }

  /** A connection was signed in again: its waiting clips go now. */
  async function resumeSpace(spaceId: string): Promise<void> {
    for (const stored of await list()) {
      if (stored.spaceId !== spaceId || stored.state !== 'needs-sign-in') continue;
      stored.state = 'pending';
      stored.nextAttemptAt = now();
      stored.attempts = 0;
      note(stored, now(), 'Signed in again.');
      await save(stored);
    }
    await drain();
  }

  /** Everything waiting on a timer goes now (the browser came back online). */
  async function retryWaitingNow(): Promise<void> {
    for (const stored of await list()) {
      if (stored.state === 'pending' && stored.nextAttemptAt > now() && stored.lastError?.kind !== 'rate_limited') {
        stored.nextAttemptAt = now();
        await save(stored);
      }
    }
    await drain();
  }

  return { enqueue, list, get, history, drain, retry, discard, edit, resumeSpace, retryWaitingNow };
}

export type Outbox = ReturnType<typeof createOutbox>;
