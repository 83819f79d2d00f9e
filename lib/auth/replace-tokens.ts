import { revokeOrRemember } from './revocations';
import { readSecret, type StoredSecret, writeSecret } from './secret-store';

/**
 * Stores a space's new tokens. A refresh token they replace (signing in again, or a personal
 * token taking the place of a sign-in) is revoked at the service that issued it, so no earlier
 * sign-in stays valid there unseen.
 */
export async function replaceTokens(secret: StoredSecret): Promise<void> {
  const previous = await readSecret(secret.spaceId);
  await writeSecret(secret);
  if (previous?.method !== 'oauth' || !previous.refreshToken) return;
  if (secret.method === 'oauth' && secret.refreshToken === previous.refreshToken) return;
  await revokeOrRemember({
    baseUrl: previous.baseUrl,
    clientId: previous.clientId,
    refreshToken: previous.refreshToken,
  });
}
