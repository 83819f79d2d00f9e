import { createWorkspaceApi, NotAuthenticatedError, type WorkspaceApi } from '../api';
import type { Space } from '../api/schemas/space';
import { BUILD_API_HEADERS } from '../build-config';
import { pacingFor, rememberingObjects, serverTraits } from '../server-memory';
import { readSecret } from './secrets';
import { authProviderFor } from './token-provider';

/**
 * The API client for a connected space, with that connection's tokens, at the address stored
 * with them: what `storage.local` says about the space never decides where its token goes. Its
 * requests keep within the budget the server announces, and use the forms it is known to take;
 * the objects its writes are answered with are kept a short while (server-memory.ts); a `lookup`
 * gives way to clips in that budget. Every
 * request of the background carries the build's API-version header (lib/build-config.ts).
 */
export async function apiForSpace(spaceId: string, purpose: 'clip' | 'lookup' = 'clip'): Promise<WorkspaceApi> {
  const secret = await readSecret(spaceId);
  if (!secret) throw new NotAuthenticatedError({ endpoint: `connection ${spaceId}` });
  const api = createWorkspaceApi({
    baseUrl: secret.baseUrl,
    headers: BUILD_API_HEADERS,
    auth: authProviderFor(spaceId),
    pacing: pacingFor(spaceId, purpose),
    traits: serverTraits,
  });
  return rememberingObjects(spaceId, api);
}

/**
 * The space a new token is bound to, asked of the service with `GET /space` before the token is
 * kept. A 401 here means the token is wrong: there is nothing to refresh.
 */
export function spaceOfToken(baseUrl: string, token: string): Promise<Space> {
  const sameToken = async () => token;
  return createWorkspaceApi({
    baseUrl,
    headers: BUILD_API_HEADERS,
    auth: { getAccessToken: sameToken, refreshAfterUnauthorized: sameToken },
  }).getSpace();
}
