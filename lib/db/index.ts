import { openDB } from 'idb';
import { browser } from 'wxt/browser';
import { moveChoicesIntoDb } from './choice-migration';
import { dropLegacyValues, moveDestinationsIntoDb } from './destination-migration';
import { DB_NAME, DB_VERSION, type Db, type LegacyValues, type SpaceClipperDb } from './schema';
import { rekeySecrets } from './secret-migration';

/**
 * The extension's own IndexedDB (its stores and records: ./schema.ts), opened and brought up to
 * date: an older install's database is upgraded in one transaction, taking along what an older
 * version kept in `storage.local`.
 */

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
    // Another context (an updated extension version) wants to upgrade, or to delete the database:
    // let it, and open anew on the next call.
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
