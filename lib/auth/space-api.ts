import { createWorkspaceApi, NotAuthenticatedError, type WorkspaceApi } from '../api';
import { getConnection } from './connections';
import { authProviderFor } from './token-provider';

/** The API client for a connected space, with that connection's tokens. */
export async function apiForSpace(spaceId: string): Promise<WorkspaceApi> {
  const connection = await getConnection(spaceId);
  if (!connection) throw new NotAuthenticatedError({ endpoint: `connection ${spaceId}` });
  return createWorkspaceApi({ baseUrl: connection.baseUrl, auth: authProviderFor(spaceId) });
}
