import { db } from '../db';

/**
 * Where a space's tokens may be sent, kept in the same record as the tokens: only the background
 * can change it, so nothing a page or content script writes can redirect a token.
 */
interface TokenDestination {
  /** The service that issued the token (normalized base URL): every request carrying it goes here. */
  baseUrl: string;
}

/** A personal API token: it does not expire and cannot be refreshed. */
export interface PersonalTokenSecret extends TokenDestination {
  spaceId: string;
  method: 'token';
  token: string;
}

/** An OAuth token pair. `expiresAt` is in ms since the epoch. */
export interface OAuthSecret extends TokenDestination {
  spaceId: string;
  method: 'oauth';
  accessToken: string;
  expiresAt: number;
  refreshToken: string | null;
  /** The OAuth client the tokens were issued to: refresh and revocation name it. */
  clientId: string;
}

export type StoredSecret = PersonalTokenSecret | OAuthSecret;

/**
 * Tokens, in the extension's IndexedDB (see `lib/db.ts` for why not `storage.local`), keyed by
 * their service and space, with an in-memory copy so a burst of API calls does not read the
 * database each time. Only the background imports this module.
 */
const cache = new Map<string, StoredSecret>();

/** The space's tokens, whichever service issued them (a space is connected through one). */
export async function readSecret(spaceId: string): Promise<StoredSecret | undefined> {
  const cached = cache.get(spaceId);
  if (cached) return cached;
  const stored = await (await db()).getFromIndex('secrets', 'bySpace', spaceId);
  if (stored) cache.set(spaceId, stored);
  return stored;
}

/**
 * Resolves once the secret is durably stored: callers use a rotated token only after this. It
 * replaces only the same service's tokens for the space: where another service's are stored, the
 * database refuses it (`bySpace` is unique), and `replaceTokens` says why before it gets here.
 */
export async function writeSecret(secret: StoredSecret): Promise<void> {
  await (await db()).put('secrets', secret);
  cache.set(secret.spaceId, secret);
}

/** Every space's secret, e.g. to know which services the connected spaces still use. */
export async function listSecrets(): Promise<StoredSecret[]> {
  return (await db()).getAll('secrets');
}

export async function deleteSecret(secret: StoredSecret): Promise<void> {
  cache.delete(secret.spaceId);
  await (await db()).delete('secrets', [secret.baseUrl, secret.spaceId]);
}

/** Test helper: drop the in-memory copy, as a restarted service worker would. */
export function forgetCachedSecrets(): void {
  cache.clear();
}
