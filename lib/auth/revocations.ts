import { browser } from 'wxt/browser';
import { isTransientOAuthError, OAuthError, revokeToken } from '../api';
import { db } from '../db';
import type { PendingRevocation } from '../db/schema';
import { releaseUnusedOrigin } from './host-permissions';
import { oauthMetadata } from './oauth-metadata';

/** The alarm that retries remembered revocations; it exists only while one is pending. */
export const REVOCATION_ALARM = 'retry-revocations';

/** How long a revocation is retried before it is given up, so that a service gone for good is not asked forever. */
export const REVOCATION_RETRY_MS = 30 * 24 * 3_600_000;

/** The server refused the revocation for good (e.g. `invalid_client`): retrying cannot succeed. */
function isPermanent(error: unknown): boolean {
  return error instanceof OAuthError && !isTransientOAuthError(error.code);
}

/**
 * Revokes at once; when the server cannot be reached (or is busy), keeps the token to revoke later.
 * A refusal is final: nothing is kept. Returns whether the revocation reached the server.
 */
export async function revokeOrRemember(
  revocation: Omit<PendingRevocation, 'id' | 'firstTriedAt'>,
  now: () => number = Date.now,
): Promise<boolean> {
  try {
    await revoke(revocation);
    return true;
  } catch (error) {
    if (isPermanent(error)) return false;
    await (await db()).put('revocations', { ...revocation, id: crypto.randomUUID(), firstTriedAt: now() });
    await browser.alarms.create(REVOCATION_ALARM, { periodInMinutes: 5 });
    return false;
  }
}

/**
 * Retries every remembered revocation (called by an alarm); returns how many are still pending.
 * A revocation is dropped once it succeeds, once the server refuses it for good, or once it has
 * been tried for `REVOCATION_RETRY_MS`.
 */
export async function retryPendingRevocations(now: () => number = Date.now): Promise<number> {
  const database = await db();
  let pending = 0;
  for (const revocation of await database.getAll('revocations')) {
    try {
      await revoke(revocation);
    } catch (error) {
      if (!isPermanent(error) && now() - revocation.firstTriedAt < REVOCATION_RETRY_MS) {
        pending += 1;
        continue;
      }
    }
    await database.delete('revocations', revocation.id);
    await releaseUnusedOrigin(revocation.baseUrl);
  }
  return pending;
}

async function revoke(revocation: Pick<PendingRevocation, 'baseUrl' | 'clientId' | 'refreshToken'>): Promise<void> {
  await revokeToken({
    metadata: await oauthMetadata(revocation.baseUrl),
    clientId: revocation.clientId,
    token: revocation.refreshToken,
    hint: 'refresh_token',
  });
}
