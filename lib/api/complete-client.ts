import { createWorkspaceApi, type WorkspaceApiConfig } from './client';
import { createContentApi } from './content-api';
import { createListingApi } from './listing-api';

/** The typed client for every Workspace Notes API v1 endpoint: the core (client.ts) and the rest. */
export function createCompleteWorkspaceApi(config: WorkspaceApiConfig) {
  const api = createWorkspaceApi(config);
  return {
    ...api,
    ...createListingApi(api.internals.transport),
    ...createContentApi(api.internals.transport),
  };
}

export type CompleteWorkspaceApi = ReturnType<typeof createCompleteWorkspaceApi>;
