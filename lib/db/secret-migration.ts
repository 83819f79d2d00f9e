import type { Db, UpgradeTransaction } from './schema';

/**
 * Database version 3 keys tokens by service and space (lib/db/schema.ts): an object store's key cannot
 * change, so the store is made anew and an existing install's tokens are copied into it, inside
 * the upgrade transaction (they move with it, or not at all).
 */
export async function rekeySecrets(database: Db, transaction: UpgradeTransaction, oldVersion: number): Promise<void> {
  const secrets = oldVersion > 0 ? await transaction.objectStore('secrets').getAll() : [];
  if (oldVersion > 0) database.deleteObjectStore('secrets');
  const store = database.createObjectStore('secrets', { keyPath: ['baseUrl', 'spaceId'] });
  store.createIndex('bySpace', 'spaceId', { unique: true });
  for (const secret of secrets) await store.put(secret);
}
