import { type ApiRequestInfo, createWorkspaceApi, NotAuthenticatedError, type WorkspaceApi } from '../api';
import { getConnection } from './connections';
import { authProviderFor } from './token-provider';

/** Observers of every API request the background makes (the bench counts requests per save). */
const requestObservers = new Set<(info: ApiRequestInfo & { spaceId: string }) => void>();

export function observeApiRequests(observer: (info: ApiRequestInfo & { spaceId: string }) => void): () => void {
  requestObservers.add(observer);
  return () => requestObservers.delete(observer);
}

/** The API client for a connected space, with that connection's tokens. */
export async function apiForSpace(spaceId: string): Promise<WorkspaceApi> {
  const connection = await getConnection(spaceId);
  if (!connection) throw new NotAuthenticatedError({ endpoint: `connection ${spaceId}` });
  return createWorkspaceApi({
    baseUrl: connection.baseUrl,
    auth: authProviderFor(spaceId),
    onRequest: (info) => {
      for (const observer of requestObservers) observer({ ...info, spaceId });
    },
  });
}
