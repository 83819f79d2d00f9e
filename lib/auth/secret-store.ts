import { db } from '../db';

/** A personal API token: it does not expire and cannot be refreshed. */
export interface PersonalTokenSecret {
  spaceId: string;
  method: 'token';
  token: string;
}

/** An OAuth token pair. `expiresAt` is in ms since the epoch. */
export interface OAuthSecret {
  spaceId: string;
  method: 'oauth';
  accessToken: string;
  expiresAt: number;
  refreshToken: string | null;
}

export type StoredSecret = PersonalTokenSecret | OAuthSecret;

/**
 * Tokens, in the extension's IndexedDB (see `lib/db.ts` for why not `storage.local`), with an
 * in-memory copy so a burst of API calls does not read the database each time. Only the
 * background imports this module.
 */
const cache = new Map<string, StoredSecret>();

export async function readSecret(spaceId: string): Promise<StoredSecret | undefined> {
  const cached = cache.get(spaceId);
  if (cached) return cached;
  const stored = await (await db()).get('secrets', spaceId);
  if (stored) cache.set(spaceId, stored);
  return stored;
}

/** Resolves once the secret is durably stored: callers use a rotated token only after this. */
export async function writeSecret(secret: StoredSecret): Promise<void> {
  await (await db()).put('secrets', secret);
  cache.set(secret.spaceId, secret);
}

export async function deleteSecret(spaceId: string): Promise<void> {
  cache.delete(spaceId);
  await (await db()).delete('secrets', spaceId);
}

/** Test helper: drop the in-memory copy, as a restarted service worker would. */
export function forgetCachedSecrets(): void {
  cache.clear();
}
