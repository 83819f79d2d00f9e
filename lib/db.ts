import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import {
  dropLegacyDestinations,
  type LegacyDestinations,
  moveDestinationsIntoDb,
  readLegacyDestinations,
} from './auth/destination-migration';
import type { PendingRevocation } from './auth/revocations';
import type { StoredSecret } from './auth/secret-store';
import type { ServiceSettings } from './auth/settings';
import type { LandedClip, StoredClip } from './outbox/types';

/**
 * The extension's own IndexedDB. It lives in the extension's origin, so neither web pages nor the
 * extension's content scripts (which run in the page's origin) can open it: tokens, and everything
 * that decides where a token is sent, are kept here, not in `storage.local`. The outbox is here
 * too: clips can be large, and each clip is updated on its own instead of rewriting one big
 * storage value.
 */
interface SpaceClipperDb extends DBSchema {
  /** Access/refresh tokens and personal tokens with the service they belong to, keyed by space id. */
  secrets: { key: string; value: StoredSecret };
  /** The service settings of the options page (one record, `lib/auth/settings.ts`). */
  settings: { key: string; value: ServiceSettings };
  /** Refresh tokens still to revoke at the server after a disconnect that could not reach it. */
  revocations: { key: string; value: PendingRevocation };
  /** Clips not yet landed, oldest first by `seq`. */
  outbox: { key: string; value: StoredClip; indexes: { bySeq: number } };
  /** The last landed clips, newest first by `landedAt`. */
  history: { key: string; value: LandedClip; indexes: { byLandedAt: number } };
}

export type Db = IDBPDatabase<SpaceClipperDb>;
export type UpgradeTransaction = IDBPTransaction<SpaceClipperDb, StoreNames<SpaceClipperDb>[], 'versionchange'>;

export const DB_NAME = 'space-clipper';
/**
 * Bump with a new `upgrade` step; records carry their own `v` for shape migrations.
 * 2: the service settings and each token's address moved here from `storage.local`.
 */
export const DB_VERSION = 2;

/**
 * What version 1 kept in `storage.local`, read only when this database is at version 1: the
 * upgrade runs in one IndexedDB transaction, which cannot wait for another API.
 */
async function legacyDestinationsToMove(): Promise<LegacyDestinations | undefined> {
  const existing = (await indexedDB.databases()).find((database) => database.name === DB_NAME);
  return existing?.version === 1 ? readLegacyDestinations() : undefined;
}

let opening: Promise<Db> | undefined;

async function open(): Promise<Db> {
  const legacy = await legacyDestinationsToMove();
  const database = await openDB<SpaceClipperDb>(DB_NAME, DB_VERSION, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        database.createObjectStore('secrets', { keyPath: 'spaceId' });
        database.createObjectStore('revocations', { keyPath: 'id' });
        database.createObjectStore('outbox', { keyPath: 'id' }).createIndex('bySeq', 'seq');
        database.createObjectStore('history', { keyPath: 'id' }).createIndex('byLandedAt', 'landedAt');
      }
      if (oldVersion < 2) {
        database.createObjectStore('settings');
        if (legacy) await moveDestinationsIntoDb(transaction, legacy);
      }
    },
    // Another context (an updated extension version) wants to upgrade: let it.
    blocking() {
      void opening?.then((open) => open.close());
      opening = undefined;
    },
  });
  // Only after the move has committed. Should the worker stop first, the old values stay behind,
  // unread: nothing looks at them any more.
  if (legacy) await dropLegacyDestinations();
  return database;
}

/** The database, opened once per JavaScript context. */
export function db(): Promise<Db> {
  opening ??= open();
  return opening;
}

/** Test helper: forget the open handle (after `indexedDB.deleteDatabase` in a test). */
export function resetDbHandleForTests(): void {
  opening = undefined;
}
