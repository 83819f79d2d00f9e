import { normalizeBaseUrl } from './base-url';
import { createBlocksApi } from './blocks-api';
import { InvalidInputError } from './errors';
import { checked, formRefused, requireId, truncate } from './request-checks';
import {
  type ObjectSummary,
  type SavedObject,
  savedObjectSchema,
  searchResultsSchema,
  type WorkspaceObject,
  workspaceObjectSchema,
} from './schemas/objects';
import {
  type CreateObjectRequest,
  type CreateWeblinkRequest,
  createObjectRequestSchema,
  createWeblinkRequestSchema,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_QUERY_CHARS,
  MAX_SEARCH_STRUCTURES,
  type SearchRequest,
  searchRequestSchema,
  type UpdateObjectRequest,
  updateObjectRequestSchema,
} from './schemas/requests';
import { type Space, type Structure, spaceSchema, structuresResponseSchema } from './schemas/space';
import { type ServerTraits, type ServerTraitsStore, sharedTraits } from './server-traits';
import {
  type ApiRequest,
  type ApiRequestInfo,
  type AuthProvider,
  type CallOptions,
  createTransport,
  type Pacing,
} from './transport';

export interface WorkspaceApiConfig {
  /** The service's base address; may carry a path prefix. https, or http on a loopback host. */
  baseUrl: string;
  auth: AuthProvider;
  fetch?: typeof fetch;
  /** Per attempt; default 20 s. */
  timeoutMs?: number;
  /** Called before each HTTP request (used to count requests per save). */
  onRequest?: (info: ApiRequestInfo) => void;
  /** Keeps requests inside the budget the server announces (lib/api/pacer.ts); none: no pacing. */
  pacing?: Pacing;
  /** What is known of this server's forms; default: one memory per JavaScript context. */
  traits?: ServerTraitsStore;
  /** Sent with every request, e.g. the API-version header (`BUILD_API_HEADERS`); none by default. */
  headers?: Record<string, string>;
}

/**
 * The typed client for the Workspace Notes API v1 endpoints the extension uses: the space and its
 * structures, objects (read, create, update, trash, restore), weblinks, search, Markdown appends to
 * an object or a daily note. The other endpoints are in content-api.ts and listing-api.ts, and
 * createCompleteWorkspaceApi (complete-client.ts) has every one; keeping them apart keeps them out
 * of the bundles.
 */
export function createWorkspaceApi(config: WorkspaceApiConfig) {
  const baseUrl = normalizeBaseUrl(config.baseUrl);
  const transport = createTransport({
    baseUrl,
    headers: config.headers,
    auth: config.auth,
    // Wrapped so a global fetch is never called with a foreign `this` ("Illegal invocation").
    fetch: config.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: config.timeoutMs ?? 20_000,
    onRequest: config.onRequest,
    pacing: config.pacing,
  });
  const traits = config.traits ?? sharedTraits;
  const learn = (learned: ServerTraits) => traits.learn(baseUrl, learned);

  const read = (path: string, query: ApiRequest['query'], options: CallOptions | undefined): ApiRequest => ({
    method: 'GET',
    path,
    query,
    writes: false,
    options,
  });

  /** PATCH /object: only the keys sent change; at least one of properties/collections/deleteRequested. */
  async function updateObject(id: string, request: UpdateObjectRequest, options?: CallOptions): Promise<SavedObject> {
    requireId(id, 'the object id', 'PATCH /object');
    const body = checked(updateObjectRequestSchema, request, 'PATCH /object');
    // The id goes where each server reads it: the published reference's body, the spec
    // emulator's query (each ignores the other). 200 with a body or 204 both succeed.
    const saved = await transport.jsonOrEmpty(
      { method: 'PATCH', path: '/object', query: { id }, body: { id, ...body }, writes: true, options },
      savedObjectSchema,
    );
    return saved ?? { id, object: null };
  }

  return {
    baseUrl,

    /** GET /space: the one space the token is bound to. */
    async getSpace(options?: CallOptions): Promise<Space> {
      return transport.json(read('/space', {}, options), spaceSchema);
    },

    /** GET /space/structures. Fetch once per session and cache (spec). */
    async getStructures(options?: CallOptions): Promise<Structure[]> {
      return (await transport.json(read('/space/structures', {}, options), structuresResponseSchema)).structures;
    },

    /** GET /object. Trashed and other-space objects answer NotFoundError. */
    async getObject(id: string, options?: CallOptions): Promise<WorkspaceObject> {
      requireId(id, 'the object id', 'GET /object');
      return transport.json(read('/object', { id }, options), workspaceObjectSchema);
    },

    /** POST /object. */
    async createObject(request: CreateObjectRequest, options?: CallOptions): Promise<SavedObject> {
      const body = checked(createObjectRequestSchema, request, 'POST /object');
      return transport.json({ method: 'POST', path: '/object', body, writes: true, options }, savedObjectSchema);
    },

    updateObject,

    /**
     * Brings an object back from the trash (`PATCH /object` with `deleteRequested: false`, the
     * published reference's form; the spec shows no way to restore). Learns whether the server can.
     */
    async restoreObject(id: string, options?: CallOptions): Promise<SavedObject> {
      try {
        const saved = await updateObject(id, { deleteRequested: false }, options);
        learn({ restore: true });
        return saved;
      } catch (error) {
        if (formRefused(error)) learn({ restore: false });
        throw error;
      }
    },

    /** DELETE /object: to the trash, or permanently with `hardDelete`. */
    async deleteObject(id: string, options?: CallOptions & { hardDelete?: boolean }): Promise<void> {
      requireId(id, 'the object id', 'DELETE /object');
      // `hardDelete` always stated: the published reference marks it required. An empty 200 or a
      // 204 both succeed (tests/emulator/README.md, decisions table).
      return transport.noContent({
        method: 'DELETE',
        path: '/object',
        query: { id, hardDelete: options?.hardDelete === true },
        writes: true,
        options,
      });
    },

    /** POST /object/url: creates a weblink object; answers the full object. */
    async createWeblink(request: CreateWeblinkRequest, options?: CallOptions): Promise<WorkspaceObject> {
      const body = checked(createWeblinkRequestSchema, request, 'POST /object/url');
      return transport.json(
        { method: 'POST', path: '/object/url', body, writes: true, options },
        workspaceObjectSchema,
      );
    },

    /** GET /object/markdown: the object body as Markdown. */
    async getObjectMarkdown(id: string, options?: CallOptions): Promise<string> {
      requireId(id, 'the object id', 'GET /object/markdown');
      return transport.markdown(read('/object/markdown', { id }, options));
    },

    /**
     * POST /objects/search: title search, relevance-ordered, one page. Within the published bounds:
     * a blank query finds nothing without asking, a longer one is cut to 512 characters (a title
     * search still finds the title by its start), and the limit is always stated (default 50).
     */
    async search(request: SearchRequest, options?: CallOptions): Promise<ObjectSummary[]> {
      const body = checked(searchRequestSchema, request, 'POST /objects/search');
      const query = truncate(body.query.trim(), MAX_SEARCH_QUERY_CHARS);
      if (query === '') return [];
      if (body.structureIds !== undefined && body.structureIds.length > MAX_SEARCH_STRUCTURES) {
        throw new InvalidInputError({
          endpoint: 'POST /objects/search',
          detail: `at most ${MAX_SEARCH_STRUCTURES} structure ids`,
        });
      }
      const answer = await transport.json(
        {
          method: 'POST',
          path: '/objects/search',
          body: {
            query,
            ...(body.structureIds?.length ? { structureIds: body.structureIds } : {}),
            limit: body.limit ?? MAX_SEARCH_LIMIT,
          },
          writes: false,
          options,
        },
        searchResultsSchema,
      );
      return answer.results;
    },

    ...createBlocksApi({ transport, baseUrl, traits, learn }),

    /** What this client has learned of the server's forms (lib/api/server-traits.ts). */
    traits: (): ServerTraits => traits.get(baseUrl),
    learn,
  };
}

export type WorkspaceApi = ReturnType<typeof createWorkspaceApi>;
