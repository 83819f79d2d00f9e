import { createWorkspaceApi, NotAuthenticatedError, type WorkspaceApi } from '../api';
import { pacingFor, rememberingObjects, serverTraits } from '../server-memory';
import { readSecret } from './secret-store';
import { authProviderFor } from './token-provider';

/**
 * The API client for a connected space, with that connection's tokens, at the address stored
 * with them: what `storage.local` says about the space never decides where its token goes. Its
 * requests keep within the budget the server announces, and use the forms it is known to take;
 * the objects its writes are answered with are kept a short while (server-memory.ts).
 */
export async function apiForSpace(spaceId: string): Promise<WorkspaceApi> {
  const secret = await readSecret(spaceId);
  if (!secret) throw new NotAuthenticatedError({ endpoint: `connection ${spaceId}` });
  const api = createWorkspaceApi({
    baseUrl: secret.baseUrl,
    auth: authProviderFor(spaceId),
    pacing: pacingFor(spaceId),
    traits: serverTraits,
  });
  return rememberingObjects(spaceId, api);
}
