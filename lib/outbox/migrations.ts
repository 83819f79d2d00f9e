import type { StoredClip } from './types';

/** The shape version written by this build. */
export const CURRENT_CLIP_VERSION = 1;

/**
 * Steps from version n-1 to n, keyed by n. Add one whenever `StoredClip` changes shape, so clips
 * queued by an older version still land after the extension updates. (Version 1 is the first.)
 */
export type ClipMigrations = Record<number, (old: Record<string, unknown>) => Record<string, unknown>>;
export const CLIP_MIGRATIONS: ClipMigrations = {};

/**
 * Brings a stored clip to the current shape, walking every step from its version. A clip from a
 * newer version (the extension was downgraded) is returned as it is rather than dropped.
 */
export function migrateStoredClip(raw: unknown, migrations: ClipMigrations = CLIP_MIGRATIONS): StoredClip {
  let record = raw as Record<string, unknown>;
  const from = typeof record.v === 'number' ? record.v : 1;
  const target = Math.max(CURRENT_CLIP_VERSION, ...Object.keys(migrations).map(Number));
  for (let version = from + 1; version <= target; version += 1) {
    const step = migrations[version];
    if (!step) throw new Error(`no migration of stored clips to version ${version}`);
    record = { ...step(record), v: version };
  }
  return record as unknown as StoredClip;
}
