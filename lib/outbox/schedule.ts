import { kindOf, type StoredClip } from '../clips/registry';
import { longestWait } from './retry-policy';
import { attemptEndpoints } from './steps';

/** When clips go, and in which order: pure functions of the clips, the time and the endpoints' waits. */

/**
 * A clip's target never changes (its kind, space, date, object and URL are fixed when it is made),
 * and the drain asks for every waiting clip's target each time an attempt ends: it is worked out
 * once per clip (a weblink's is a normalised URL) instead of once per clip and attempt.
 */
const targetKeys = new WeakMap<StoredClip, string>();

/** Clips to the same target are delivered one at a time, in the order they were made. */
export function targetKey(stored: StoredClip): string {
  const known = targetKeys.get(stored);
  if (known !== undefined) return known;
  const key = kindOf(stored.clip.kind).target(stored);
  targetKeys.set(stored, key);
  return key;
}

/**
 * The first clip of every target that is not failed, oldest first: later clips of a target wait
 * behind it. A failed clip waits for a person, possibly for days, so it does not hold its target.
 */
export function heads(clips: Iterable<StoredClip>): StoredClip[] {
  const seen = new Set<string>();
  const result: StoredClip[] = [];
  for (const stored of [...clips].sort((a, b) => a.seq - b.seq)) {
    if (stored.state === 'failed') continue;
    const key = targetKey(stored);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(stored);
  }
  return result;
}

/**
 * When a clip may be attempted: its own time, and every endpoint it may call free (`freeAt` gives
 * when an endpoint of the clip's space is free of a 429 and within its announced budget).
 */
export function dueAt(stored: StoredClip, freeAt: (endpoint: string) => number): number {
  return Math.max(stored.nextAttemptAt, ...attemptEndpoints(stored).map(freeAt));
}

/**
 * A clip due later than its last error can justify was scheduled before the computer's clock was
 * set back: the time it should go instead, or undefined when its time is plausible.
 */
export function afterClockChange(stored: StoredClip, now: number): number | undefined {
  const latest = now + longestWait(stored.lastError);
  return stored.nextAttemptAt > latest ? latest : undefined;
}

/**
 * When the earliest waiting head may go (null when none waits on time). A head waiting for
 * sign-in counts only while its backoff after a 401 runs: once that is over and its space is
 * still signed out, only a sign-in (or another reason to drain) sends it.
 */
export function nextWake(waiting: { stored: StoredClip; due: number }[], now: number): number | null {
  let earliest: number | null = null;
  for (const { stored, due } of waiting) {
    if (stored.state === 'needs-sign-in' && due <= now) continue;
    earliest = earliest === null ? due : Math.min(earliest, due);
  }
  return earliest;
}

/** Chromium (like every browser) fires a timer of more than 2³¹−1 ms at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * How long a timer waits to wake the outbox at `at`, or undefined when that is too long for a
 * timer: the alarm wakes it then. (A timer that fired at once would drain, find nothing due and
 * ask again, without end.)
 */
export function timerDelay(at: number, now: number): number | undefined {
  const delay = Math.max(0, at - now);
  return delay > LONGEST_TIMER_MS ? undefined : delay;
}
