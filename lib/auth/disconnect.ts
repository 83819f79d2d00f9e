import { removeConnection } from './connections';
import { forgetSpaceContent } from './forget-space';
import { releaseUnusedOrigin } from './host-permissions';
import { revokeOrRemember } from './revocations';
import { deleteSecret, readSecret } from './secrets';

/**
 * Forgets the connection and what this device kept of the space's content (forget-space.ts), even
 * when the server is unreachable; an OAuth connection's refresh token is revoked (which ends all
 * its access tokens), now or, failing that, later by an alarm.
 * A personal token cannot be revoked from here: it stays valid until deleted in the desktop app.
 * Returns whether the revocation already reached the server.
 */
export async function disconnect(spaceId: string): Promise<{ revoked: boolean }> {
  const secret = await readSecret(spaceId);
  if (secret) await deleteSecret(secret);
  await removeConnection(spaceId);
  await forgetSpaceContent(spaceId);
  if (!secret) return { revoked: true };
  const revoked =
    secret.method !== 'oauth' ||
    !secret.refreshToken ||
    (await revokeOrRemember({ baseUrl: secret.baseUrl, clientId: secret.clientId, refreshToken: secret.refreshToken }));
  // After the revocation: it needs the permission, and keeps it while it waits to be retried.
  await releaseUnusedOrigin(secret.baseUrl);
  return { revoked };
}
