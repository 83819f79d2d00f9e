import { isClipKind, type StoredClip } from '../clips/registry';

/** The shape version written by this build. */
export const CURRENT_CLIP_VERSION = 1;

/**
 * Steps from version n-1 to n, keyed by n. Add one whenever `StoredClip` changes shape (and bump
 * `CURRENT_CLIP_VERSION` and `StoredClip['v']`), so clips queued by an older version still land
 * after the extension updates. Version 1 is the first, so there is no step yet.
 */
export type ClipMigrations = Record<number, (old: Record<string, unknown>) => Record<string, unknown>>;
export const CLIP_MIGRATIONS: ClipMigrations = {};

export type MigratedClip =
  /** Ready to deliver; `changed` when it must be written back in its new shape. */
  | { kind: 'ready'; clip: StoredClip; changed: boolean }
  /**
   * Written by a newer version (the extension was downgraded) or unreadable: this build cannot
   * deliver it safely, so it stays in storage untouched for a build that can.
   */
  | { kind: 'kept'; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields every version's delivery relies on; anything less is not a clip this build can send. */
function looksDeliverable(record: Record<string, unknown>): boolean {
  return (
    typeof record.id === 'string' &&
    typeof record.spaceId === 'string' &&
    typeof record.seq === 'number' &&
    isRecord(record.clip) &&
    isClipKind(record.clip.kind) &&
    isRecord(record.progress) &&
    Array.isArray(record.events)
  );
}

/** Brings a stored clip to the current shape, walking every step from its version. */
export function migrateStoredClip(raw: unknown, migrations: ClipMigrations = CLIP_MIGRATIONS): MigratedClip {
  if (!isRecord(raw)) return { kind: 'kept', reason: 'not an object' };
  const from = typeof raw.v === 'number' ? raw.v : 1;
  const target = Math.max(CURRENT_CLIP_VERSION, ...Object.keys(migrations).map(Number));
  if (from > target) return { kind: 'kept', reason: `written by a newer version (${from})` };
  let record = raw;
  for (let version = from + 1; version <= target; version += 1) {
    const step = migrations[version];
    if (!step) return { kind: 'kept', reason: `no migration to version ${version}` };
    try {
      record = { ...step(record), v: version };
    } catch (error) {
      return { kind: 'kept', reason: `migration to version ${version} failed: ${String(error)}` };
    }
  }
  if (!looksDeliverable(record)) return { kind: 'kept', reason: 'missing fields' };
  return { kind: 'ready', clip: record as unknown as StoredClip, changed: record !== raw };
}
