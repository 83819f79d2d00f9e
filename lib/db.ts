import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import { browser } from 'wxt/browser';
import { dropLegacyValues, moveDestinationsIntoDb } from './auth/destination-migration';
import type { PendingRevocation } from './auth/revocations';
import { rekeySecrets } from './auth/secret-migration';
import type { StoredSecret } from './auth/secret-store';
import { moveChoicesIntoDb } from './choice-migration';
import type { StoredClip } from './clips/registry';
import type { LandedClip } from './clips/stored-clip';

/**
 * The extension's own IndexedDB. It lives in the extension's origin, so neither web pages nor the
 * extension's content scripts (which run in the page's origin) can open it: tokens, and everything
 * that decides where a request goes or what a clip sends, are kept here, not in `storage.local`.
 * The outbox is here too: clips can be large, and each clip is updated on its own instead of
 * rewriting one big storage value.
 */
interface SpaceClipperDb extends DBSchema {
  /**
   * Access/refresh tokens and personal tokens, keyed by the service that issued them and the space
   * (`[baseUrl, spaceId]`): a token of one service never takes the place of another's. A space has
   * one (`bySpace` is unique), as everything else keys a connection by its space id.
   */
  secrets: { key: [string, string]; value: StoredSecret; indexes: { bySpace: string } };
  /**
   * What the person chose, one record each: the service settings (`lib/auth/settings.ts`) and
   * what decides what a clip sends, or where (`lib/choices.ts`).
   */
  settings: { key: string; value: unknown };
  /** Refresh tokens still to revoke at the server after a disconnect that could not reach it. */
  revocations: { key: string; value: PendingRevocation };
  /** Clips not yet landed, oldest first by `seq`. */
  outbox: { key: string; value: StoredClip; indexes: { bySeq: number } };
  /** The last landed clips, newest first by `landedAt`. */
  history: { key: string; value: LandedClip; indexes: { byLandedAt: number } };
}

export type Db = IDBPDatabase<SpaceClipperDb>;
export type UpgradeTransaction = IDBPTransaction<SpaceClipperDb, StoreNames<SpaceClipperDb>[], 'versionchange'>;
/** What an older version kept in `storage.local`, by key, as it was read before the upgrade. */
export type LegacyValues = Record<string, unknown>;

export const DB_NAME = 'space-clipper';
/**
 * Bump with a new `upgrade` step; records carry their own `v` for shape migrations.
 * 2: the service settings and each token's address moved here from `storage.local`.
 * 3: tokens keyed by service and space; the clip choices moved here from `storage.local`.
 */
export const DB_VERSION = 3;

/**
 * What an older version kept in `storage.local`, read only when this database is older: the
 * upgrade runs in one IndexedDB transaction, which cannot wait for another API.
 */
async function legacyValuesToMove(): Promise<LegacyValues | undefined> {
  const existing = (await indexedDB.databases()).find((database) => database.name === DB_NAME)?.version ?? DB_VERSION;
  return existing < DB_VERSION
    ? browser.storage.local.get(['settings', 'connections', 'clipTemplates', 'keepChoices', 'spacePreferences'])
    : undefined;
}

let opening: Promise<Db> | undefined;

async function open(): Promise<Db> {
  const legacy = await legacyValuesToMove();
  const database = await openDB<SpaceClipperDb>(DB_NAME, DB_VERSION, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        database.createObjectStore('revocations', { keyPath: 'id' });
        database.createObjectStore('outbox', { keyPath: 'id' }).createIndex('bySeq', 'seq');
        database.createObjectStore('history', { keyPath: 'id' }).createIndex('byLandedAt', 'landedAt');
      }
      if (oldVersion < 2) database.createObjectStore('settings');
      if (legacy && oldVersion < 2) await moveDestinationsIntoDb(transaction, legacy);
      if (oldVersion < 3) {
        await rekeySecrets(database, transaction, oldVersion);
        if (legacy) await moveChoicesIntoDb(transaction, legacy);
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
  if (legacy) await dropLegacyValues();
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
