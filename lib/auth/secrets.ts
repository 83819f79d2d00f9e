import { db } from '../db';
import type { Db, StoredSecret } from '../db/schema';

/**
 * Tokens, in the extension's IndexedDB (see `lib/db/schema.ts` for why not `storage.local`), keyed
 * by their service and space, with an in-memory copy so a burst of API calls does not read the
 * database each time. The copy belongs to the connection it was read through: a database opened
 * anew (another version upgraded it, which may have rekeyed its records) is read anew. Only the
 * background imports this module.
 */
let current: { database: Db; copy: Map<string, StoredSecret> } | undefined;

async function secrets(): Promise<{ database: Db; copy: Map<string, StoredSecret> }> {
  const database = await db();
  if (current?.database !== database) current = { database, copy: new Map() };
  return current;
}

/** The space's tokens, whichever service issued them (a space is connected through one). */
export async function readSecret(spaceId: string): Promise<StoredSecret | undefined> {
  const { database, copy } = await secrets();
  const copied = copy.get(spaceId);
  if (copied) return copied;
  const stored = await database.getFromIndex('secrets', 'bySpace', spaceId);
  if (stored) copy.set(spaceId, stored);
  return stored;
}

/**
 * Resolves once the secret is durably stored: callers use a rotated token only after this. It
 * replaces only the same service's tokens for the space: where another service's are stored, the
 * database refuses it (`bySpace` is unique), and `replaceTokens` says why before it gets here.
 */
export async function writeSecret(secret: StoredSecret): Promise<void> {
  const { database, copy } = await secrets();
  await database.put('secrets', secret);
  copy.set(secret.spaceId, secret);
}

export async function deleteSecret(secret: StoredSecret): Promise<void> {
  const { database, copy } = await secrets();
  copy.delete(secret.spaceId);
  await database.delete('secrets', [secret.baseUrl, secret.spaceId]);
}
