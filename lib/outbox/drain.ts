import type { StoredClip } from '../clips/registry';
import { note } from '../clips/stored-clip';
import { type AttemptContext, attemptClip, tell } from './attempt';
import { afterClockChange, dueAt, heads, nextWake, targetKey } from './schedule';
import { attemptEndpoints } from './steps';

/** Clips of different targets sent at the same time. */
const CONCURRENCY = 4;
/** When the outbox's own storage failed, the next drain waits this long instead of spinning. */
const STORAGE_TROUBLE_DELAY_MS = 30_000;

/**
 * The drain: the attempts running (one per target, a few targets at a time), the endpoints held
 * back after 429s, and the loop that starts every clip that is due, then asks to be woken when the
 * next one will be. Which clip is due, and when, are the pure decisions of schedule.ts.
 */
export function createDrain(context: Omit<AttemptContext, 'holdEndpoint'>) {
  const { env, memory, now } = context;
  /** `spaceId METHOD /path` → until when that endpoint answered 429 (in this worker). */
  const blockedUntil = new Map<string, number>();
  /** Target key → the attempt running for it. */
  const active = new Map<string, { id: string; run: Promise<void> }>();
  const attemptContext: AttemptContext = {
    ...context,
    holdEndpoint: (spaceId, endpoint, until) => blockedUntil.set(`${spaceId} ${endpoint}`, until),
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

  /** Whether each space is signed in, asked once per pass; an unreadable connection holds nothing back. */
  function connectionCache(): (spaceId: string) => Promise<boolean> {
    const connected = new Map<string, Promise<boolean>>();
    return (spaceId) => {
      let known = connected.get(spaceId);
      if (!known) {
        known = Promise.resolve()
          .then(() => env.isConnected(spaceId))
          .catch(() => true);
        connected.set(spaceId, known);
      }
      return known;
    };
  }

  /** Starts an attempt for every head that is due, up to CONCURRENCY targets at a time. */
  async function startDue(): Promise<void> {
    const map = await memory.clips();
    const at = now();
    const isConnected = connectionCache();
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
      const run = attemptClip(head, attemptContext).finally(() => active.delete(key));
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

  return {
    /** Delivers what is due; concurrent calls share one run (and make it look once more). Never rejects. */
    drain(): Promise<void> {
      if (draining) {
        again = true;
        kick?.();
        return draining;
      }
      draining = run();
      return draining;
    },

    /** Resolves once no attempt is running for the clip (a drain may start the next as soon as one ends). */
    async idle(id: string): Promise<void> {
      const running = () => [...active.values()].find((candidate) => candidate.id === id)?.run;
      for (let attempt = running(); attempt; attempt = running()) await attempt;
    },
  };
}
