import { getConnection, removeConnection } from './connections';
import { revokeOrRemember } from './revocations';
import { deleteSecret, readSecret } from './secret-store';

/**
 * Forgets the connection even when the server is unreachable; an OAuth connection's refresh
 * token is revoked (which ends all its access tokens), now or, failing that, later by an alarm.
 * Returns whether the revocation already reached the server.
 */
export async function disconnect(spaceId: string): Promise<{ revoked: boolean }> {
  const connection = await getConnection(spaceId);
  const secret = await readSecret(spaceId);
  await deleteSecret(spaceId);
  await removeConnection(spaceId);
  if (connection?.method !== 'oauth' || secret?.method !== 'oauth' || !secret.refreshToken || !connection.clientId) {
    return { revoked: true };
  }
  const revoked = await revokeOrRemember({
    baseUrl: connection.baseUrl,
    clientId: connection.clientId,
    refreshToken: secret.refreshToken,
  });
  return { revoked };
}
