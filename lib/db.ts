import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { PendingRevocation } from './auth/revocations';
import type { StoredSecret } from './auth/secret-store';
import type { LandedClip, StoredClip } from './outbox/types';

/**
 * The extension's own IndexedDB. It lives in the extension's origin, so neither web pages nor the
 * extension's content scripts (which run in the page's origin) can open it: tokens are kept here,
 * not in `storage.local`. The outbox is here too: clips can be large, and each clip is updated on
 * its own instead of rewriting one big storage value.
 */
interface SpaceClipperDb extends DBSchema {
  /** Access/refresh tokens and personal tokens, keyed by space id. */
  secrets: { key: string; value: StoredSecret };
  /** Refresh tokens still to revoke at the server after a disconnect that could not reach it. */
  revocations: { key: string; value: PendingRevocation };
  /** Clips not yet landed, oldest first by `seq`. */
  outbox: { key: string; value: StoredClip; indexes: { bySeq: number } };
  /** The last landed clips, newest first by `landedAt`. */
  history: { key: string; value: LandedClip; indexes: { byLandedAt: number } };
}

export type Db = IDBPDatabase<SpaceClipperDb>;

export const DB_NAME = 'space-clipper';
/** Bump with a new `upgrade` step; records carry their own `v` for shape migrations. */
export const DB_VERSION = 1;

let opening: Promise<Db> | undefined;

/** The database, opened once per JavaScript context. */
export function db(): Promise<Db> {
  opening ??= openDB<SpaceClipperDb>(DB_NAME, DB_VERSION, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('secrets', { keyPath: 'spaceId' });
        database.createObjectStore('revocations', { keyPath: 'id' });
        database.createObjectStore('outbox', { keyPath: 'id' }).createIndex('bySeq', 'seq');
        database.createObjectStore('history', { keyPath: 'id' }).createIndex('byLandedAt', 'landedAt');
      }
    },
    // Another context (an updated extension version) wants to upgrade: let it.
    blocking() {
      void opening?.then((open) => open.close());
      opening = undefined;
    },
  });
  return opening;
}

/** Test helper: forget the open handle (after `indexedDB.deleteDatabase` in a test). */
export function resetDbHandleForTests(): void {
  opening = undefined;
}
