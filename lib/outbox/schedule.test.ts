import { describe, expect, it } from 'vitest';
import type { StoredClip } from '../clips/registry';
import { afterClockChange, dueAt, heads, nextWake, targetKey, timerDelay } from './schedule';
import { attemptEndpoints, nextStep } from './steps';

/** Pure scheduling: no emulator, no IndexedDB. */

const NOW = 1_000_000;

function clip(fields: Partial<StoredClip> & Pick<StoredClip, 'clip'>): StoredClip {
  return {
    v: 1,
    id: crypto.randomUUID(),
    seq: 1,
    spaceId: 'space',
    createdAt: NOW,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: NOW,
    inFlight: null,
    progress: { tagIds: {}, objectId: null, partsLanded: 0 },
    lastError: null,
    events: [],
    ...fields,
  };
}

const weblink = (url: string, seq: number, fields: Partial<StoredClip> = {}) =>
  clip({
    seq,
    clip: { kind: 'page', url, title: 'T', tags: [], properties: {}, notes: [], existingObjectIds: [] },
    ...fields,
  });
const daily = (seq: number) =>
  clip({
    seq,
    clip: {
      kind: 'daily-note',
      date: '2026-11-23T00:00:00.000Z',
      noTimeStamp: true,
      parts: ['a'],
      source: { url: 'https://s.example', title: 'S' },
    },
  });

describe('heads: one clip per target, oldest first', () => {
  it('keeps later clips of a target behind the first, and lets a failed clip not hold its target', () => {
    const first = weblink('https://a.example/x#top', 1);
    const second = weblink('https://a.example/x', 2);
    const other = daily(3);
    expect(heads([other, second, first])).toEqual([first, other]);
    expect(heads([{ ...first, state: 'failed' }, second])).toEqual([second]);
    expect(targetKey(first)).toBe(targetKey(second));
  });
});

describe('dueAt: its own time, and every endpoint it may call free', () => {
  it('waits for the endpoint its next step calls, not for others', () => {
    const fresh = weblink('https://a.example/', 1);
    const freeAt = (endpoint: string) => (endpoint === 'POST /object/url' ? NOW + 5_000 : NOW + 60_000);
    expect(dueAt(fresh, freeAt)).toBe(NOW + 5_000);
    expect(dueAt({ ...fresh, nextAttemptAt: NOW + 9_000 }, freeAt)).toBe(NOW + 9_000);
  });

  it('after the create, a weblink whose server ignored some fields waits for PATCH /object only', () => {
    const created = weblink('https://a.example/', 1, {
      progress: { tagIds: {}, objectId: 'o', partsLanded: 0, unapplied: { collections: ['c'] } },
    });
    expect(nextStep(created)).toEqual({ kind: 'complete-weblink' });
    expect(attemptEndpoints(created)).toEqual(['PATCH /object']);
    const unknown = { ...created, progress: { ...created.progress, unapplied: undefined } };
    expect(attemptEndpoints(unknown)).toEqual(['GET /object', 'PATCH /object']);
    const complete = { ...created, progress: { ...created.progress, unapplied: null } };
    expect(nextStep(complete)).toBeNull();
  });
});

describe('afterClockChange', () => {
  it('brings back a clip scheduled further ahead than its last error can justify', () => {
    const stuck = weblink('https://a.example/', 1, { nextAttemptAt: NOW + 86_400_000 });
    expect(afterClockChange(stuck, NOW)).toBeLessThanOrEqual(NOW + 60_000);
    expect(afterClockChange(weblink('https://a.example/', 1, { nextAttemptAt: NOW + 1_000 }), NOW)).toBeUndefined();
  });
});

describe('nextWake', () => {
  it('is the earliest due time, leaving out clips that only a sign-in can send', () => {
    const pending = weblink('https://a.example/', 1);
    const signedOut = { ...daily(2), state: 'needs-sign-in' as const };
    expect(
      nextWake(
        [
          { stored: pending, due: NOW + 3_000 },
          { stored: signedOut, due: NOW - 1 },
        ],
        NOW,
      ),
    ).toBe(NOW + 3_000);
    expect(nextWake([{ stored: signedOut, due: NOW + 500 }], NOW)).toBe(NOW + 500);
    expect(nextWake([], NOW)).toBeNull();
  });
});

describe('timerDelay', () => {
  it('leaves a wait longer than 2³¹−1 ms to the alarm: a browser would fire such a timer at once', () => {
    expect(timerDelay(NOW + 5_000, NOW)).toBe(5_000);
    expect(timerDelay(NOW - 5_000, NOW)).toBe(0);
    expect(timerDelay(NOW + 2 ** 31 - 1, NOW)).toBe(2 ** 31 - 1);
    expect(timerDelay(NOW + 2 ** 31, NOW)).toBeUndefined();
    expect(timerDelay(1_772_445_600_000_000, NOW)).toBeUndefined();
  });
});
