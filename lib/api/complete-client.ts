import { normalizeBaseUrl } from './base-url';
import { createWorkspaceApi, type WorkspaceApiConfig } from './client';
import { createContentApi } from './content-api';
import { createListingApi } from './listing-api';
import { createTransport } from './transport';

/**
 * A typed client for every Workspace Notes API v1 endpoint: the extension's own client
 * (client.ts), which has only the endpoints the extension uses, and beside it the rest (the
 * listings, blocks one by one, objects from Markdown, the user's spaces), on a transport made like
 * the client's. No entrypoint imports it (nor the barrel, index.ts), so no bundle carries it. It
 * stays in lib/api because the design gives lib/api a typed client for every v1 endpoint, and the
 * tests of the whole v1 surface (tests/contract, client.test.ts) check the spec through it.
 */
export function createCompleteWorkspaceApi(config: WorkspaceApiConfig) {
  const transport = createTransport({
    baseUrl: normalizeBaseUrl(config.baseUrl),
    headers: config.headers,
    auth: config.auth,
    fetch: config.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: config.timeoutMs ?? 20_000,
    onRequest: config.onRequest,
    pacing: config.pacing,
  });
  return { ...createWorkspaceApi(config), ...createListingApi(transport), ...createContentApi(transport) };
}

export type CompleteWorkspaceApi = ReturnType<typeof createCompleteWorkspaceApi>;
