import { describe, expect, it } from 'vitest';
import { type ClipMigrations, CURRENT_CLIP_VERSION, migrateStoredClip } from './migrations';

/** A version-1 record as the first release wrote it. */
function versionOne(): Record<string, unknown> {
  return {
    v: 1,
    id: 'clip-1',
    seq: 1,
    spaceId: 'space-1',
    createdAt: 1,
    clip: { kind: 'append', objectId: 'o', objectTitle: 'T', parts: ['a'], source: { url: 'u', title: 't' } },
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 1,
    inFlight: null,
    progress: { tagIds: {}, objectId: 'o', partsLanded: 0 },
    lastError: null,
    events: [],
  };
}

describe('migrateStoredClip', () => {
  it('walks every version in order, each step seeing the result of the one before', () => {
    const seen: unknown[] = [];
    const migrations: ClipMigrations = {
      2: (old) => {
        seen.push(old.v);
        return { ...old, priority: 'normal' };
      },
      3: (old) => {
        seen.push(old.v);
        const { priority, ...rest } = old;
        return { ...rest, urgency: priority === 'normal' ? 0 : 1 };
      },
    };
    const result = migrateStoredClip(versionOne(), migrations);
    expect(seen).toEqual([1, 2]);
    expect(result).toMatchObject({ kind: 'ready', changed: true, clip: { v: 3, urgency: 0, id: 'clip-1' } });
    expect(result.kind === 'ready' && 'priority' in result.clip).toBe(false);
  });

  it('starts from the record’s own version', () => {
    const calls: number[] = [];
    const migrations: ClipMigrations = {
      2: (old) => {
        calls.push(2);
        return old;
      },
      3: (old) => {
        calls.push(3);
        return old;
      },
    };
    migrateStoredClip({ ...versionOne(), v: 2 }, migrations);
    expect(calls).toEqual([3]);
  });

  it('returns a record of the current version untouched, and says nothing changed', () => {
    const record = versionOne();
    const snapshot = structuredClone(record);
    const result = migrateStoredClip(record);
    expect(CURRENT_CLIP_VERSION).toBe(1);
    expect(result).toEqual({ kind: 'ready', clip: snapshot, changed: false });
    expect(result.kind === 'ready' && result.clip).toBe(record);
  });

  it('keeps a record written by a newer version instead of dropping or misreading it', () => {
    const newer = { ...versionOne(), v: CURRENT_CLIP_VERSION + 1, renamedField: true };
    expect(migrateStoredClip(newer)).toEqual({ kind: 'kept', reason: 'written by a newer version (2)' });
  });

  it('keeps, rather than throws on, a record it cannot bring up to date or read', () => {
    expect(migrateStoredClip(versionOne(), { 3: (old) => old }).kind).toBe('kept');
    const throwing: ClipMigrations = {
      2: () => {
        throw new Error('boom');
      },
    };
    expect(migrateStoredClip(versionOne(), throwing).kind).toBe('kept');
    expect(migrateStoredClip('not a clip').kind).toBe('kept');
    expect(migrateStoredClip({ v: 1, id: 'x' }).kind).toBe('kept');
  });
});
