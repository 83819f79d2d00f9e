import { browser } from 'wxt/browser';
import { revokeToken } from '../api';
import { db } from '../db';
import { oauthMetadata } from './oauth-metadata';

/** A refresh token whose revocation did not reach the server yet (a secret: kept in IndexedDB). */
export interface PendingRevocation {
  id: string;
  baseUrl: string;
  clientId: string;
  refreshToken: string;
  firstTriedAt: number;
}

/** The alarm that retries remembered revocations; it exists only while one is pending. */
export const REVOCATION_ALARM = 'retry-revocations';

/** Revokes at once; when the server cannot be reached, keeps the token to revoke later. */
export async function revokeOrRemember(revocation: Omit<PendingRevocation, 'id' | 'firstTriedAt'>): Promise<boolean> {
  try {
    await revoke(revocation);
    return true;
  } catch {
    await (await db()).put('revocations', { ...revocation, id: crypto.randomUUID(), firstTriedAt: Date.now() });
    await browser.alarms.create(REVOCATION_ALARM, { periodInMinutes: 5 });
    return false;
  }
}

/** Retries every remembered revocation (called by an alarm); returns how many are still pending. */
export async function retryPendingRevocations(): Promise<number> {
  const database = await db();
  let pending = 0;
  for (const revocation of await database.getAll('revocations')) {
    try {
      await revoke(revocation);
      await database.delete('revocations', revocation.id);
    } catch {
      pending += 1;
    }
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
