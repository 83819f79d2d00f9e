import { InvalidInputError } from '../api/errors';
import type { StoredSecret } from '../db/schema';
import { revokeOrRemember } from './revocations';
import { readSecret, writeSecret } from './secrets';

/**
 * Stores a space's new tokens. A refresh token they replace (signing in again, or a personal
 * token taking the place of a sign-in) is revoked at the service that issued it, so no earlier
 * sign-in stays valid there unseen.
 *
 * Tokens of another service never replace a space's: any service can answer `GET /space` with a
 * space id it knows, and taking its tokens would send that space's waiting clips to it. The
 * person disconnects the space first; a refresh token refused here is revoked where it came from.
 */
export async function replaceTokens(secret: StoredSecret): Promise<void> {
  const previous = await readSecret(secret.spaceId);
  if (previous && previous.baseUrl !== secret.baseUrl) {
    await revokeRefreshToken(secret);
    throw new InvalidInputError({
      endpoint: 'connect',
      code: 'space_connected_elsewhere',
      detail: `this space is connected through ${previous.baseUrl}`,
      params: [previous.baseUrl],
    });
  }
  await writeSecret(secret);
  const kept = secret.method === 'oauth' ? secret.refreshToken : null;
  if (previous?.method === 'oauth' && previous.refreshToken !== kept) await revokeRefreshToken(previous);
}

async function revokeRefreshToken(secret: StoredSecret): Promise<void> {
  if (secret.method !== 'oauth' || !secret.refreshToken) return;
  await revokeOrRemember({ baseUrl: secret.baseUrl, clientId: secret.clientId, refreshToken: secret.refreshToken });
}
