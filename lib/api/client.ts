import type { z } from 'zod/mini';
import { normalizeBaseUrl } from './base-url';
import { InvalidInputError, MalformedResponseError, NotFoundError } from './errors';
import type { Block, BlockInput } from './schemas/blocks';
import { blockInputSchema, blockSchema } from './schemas/blocks';
import { describeIssues } from './schemas/issues';
import {
  appendedBlocksSchema,
  deletedBlocksSchema,
  type ObjectSummary,
  type SavedObject,
  type SummaryPage,
  savedObjectSchema,
  searchResultsSchema,
  summaryPageSchema,
  type WorkspaceObject,
  workspaceObjectSchema,
} from './schemas/objects';
import {
  type AppendBlocksRequest,
  type AppendMarkdownRequest,
  appendBlocksRequestSchema,
  appendMarkdownRequestSchema,
  type CreateObjectFromMarkdownRequest,
  type CreateObjectRequest,
  type CreateWeblinkRequest,
  createObjectFromMarkdownRequestSchema,
  createObjectRequestSchema,
  createWeblinkRequestSchema,
  type DailyNoteContent,
  type DailyNotePlacement,
  dailyNoteContentSchema,
  dailyNoteMarkdownRequestSchema,
  dailyNotePlacementSchema,
  deleteBlocksRequestSchema,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_QUERY_CHARS,
  MAX_SEARCH_STRUCTURES,
  type SearchRequest,
  searchRequestSchema,
  type UpdateObjectRequest,
  updateObjectRequestSchema,
} from './schemas/requests';
import { type Space, type Structure, spaceSchema, structuresResponseSchema, userSpacesSchema } from './schemas/space';
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
}

export interface ListOptions extends CallOptions {
  /** 1 to 100; the server's default is 100. */
  pageSize?: number;
  /** `nextCursor` of the previous page; omit for the first page. */
  cursor?: string;
}

export type IterateOptions = Omit<ListOptions, 'cursor'>;

export const MAX_PAGE_SIZE = 100;

type ListKind = 'structure' | 'tag' | 'collection';

/** Validates a request body locally; a mistake becomes an InvalidInputError that names the field. */
function checked<T extends z.ZodMiniType>(schema: T, value: unknown, endpoint: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidInputError({ endpoint, detail: describeIssues(parsed.error) });
  return parsed.data;
}

/** Whether an error says this form of a request is not the server's (missing route, or refused shape). */
function formRefused(error: unknown): boolean {
  return error instanceof NotFoundError || (error instanceof InvalidInputError && error.status !== undefined);
}

/** At most `max` characters, never cutting a character in two. */
function truncate(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

function requireId(value: string, what: string, endpoint: string): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidInputError({ endpoint, detail: `${what} must not be empty` });
  }
}

/** The typed client for every Workspace Notes API v1 endpoint. */
export function createWorkspaceApi(config: WorkspaceApiConfig) {
  const baseUrl = normalizeBaseUrl(config.baseUrl);
  const transport = createTransport({
    baseUrl,
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

  async function list(kind: ListKind, id: string, options: ListOptions | undefined): Promise<SummaryPage> {
    const endpoint = `GET /objects/${kind}`;
    requireId(id, `the ${kind} id`, endpoint);
    const pageSize = options?.pageSize;
    if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) {
      throw new InvalidInputError({ endpoint, detail: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` });
    }
    return transport.json(
      read(`/objects/${kind}`, { id, pageSize, cursor: options?.cursor }, options),
      summaryPageSchema,
    );
  }

  async function* iterate(kind: ListKind, id: string, options: IterateOptions | undefined) {
    let cursor: string | undefined;
    for (;;) {
      const page = await list(kind, id, { ...options, cursor });
      yield* page.results;
      if (!page.hasMore || page.nextCursor === null) return;
      // A server that hands back the cursor it was given would make this loop forever.
      if (page.nextCursor === cursor) {
        throw new MalformedResponseError({
          endpoint: `GET /objects/${kind}`,
          status: 200,
          reason: 'nextCursor did not advance',
        });
      }
      cursor = page.nextCursor;
    }
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

    /** GET /user/spaces: the spaces of the token's user. */
    async getUserSpaces(options?: CallOptions): Promise<Space[]> {
      return transport.json(read('/user/spaces', {}, options), userSpacesSchema);
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

    /** POST /object/markdown: a new object (default a page) whose body is the Markdown. */
    async createObjectFromMarkdown(
      request: CreateObjectFromMarkdownRequest,
      options?: CallOptions,
    ): Promise<SavedObject> {
      const body = checked(createObjectFromMarkdownRequestSchema, request, 'POST /object/markdown');
      return transport.json(
        { method: 'POST', path: '/object/markdown', body, writes: true, options },
        savedObjectSchema,
      );
    },

    listByStructure: (structureId: string, options?: ListOptions) => list('structure', structureId, options),
    listByTag: (tagId: string, options?: ListOptions) => list('tag', tagId, options),
    listByCollection: (collectionId: string, options?: ListOptions) => list('collection', collectionId, options),

    /** Every summary over all pages, fetched page by page as the loop consumes them. */
    iterateByStructure: (structureId: string, options?: IterateOptions): AsyncGenerator<ObjectSummary, void> =>
      iterate('structure', structureId, options),
    iterateByTag: (tagId: string, options?: IterateOptions): AsyncGenerator<ObjectSummary, void> =>
      iterate('tag', tagId, options),
    iterateByCollection: (collectionId: string, options?: IterateOptions): AsyncGenerator<ObjectSummary, void> =>
      iterate('collection', collectionId, options),

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

    /** POST /blocks/append. Returns the appended roots with their ids, or null when the server did not say. */
    async appendBlocks(request: AppendBlocksRequest, options?: CallOptions): Promise<Block[] | null> {
      const body = checked(appendBlocksRequestSchema, request, 'POST /blocks/append');
      // The object id under both names (published `id`, the emulator's `objectId`); 200 with a
      // body, an empty 200 or a 204 all succeed (tests/emulator/README.md, decisions table).
      const answer = await transport.jsonOrEmpty(
        { method: 'POST', path: '/blocks/append', body: { ...body, id: body.objectId }, writes: true, options },
        appendedBlocksSchema,
      );
      return answer?.blocks ?? null;
    },

    /**
     * Appends Markdown to an object's body. The published reference takes it on `POST /blocks/append`
     * (the route both documents share), the spec on `POST /blocks/markdown/append`: the remembered
     * form goes first; a 404 or a refused shape tries the other, and what worked is remembered.
     * Returns the appended roots, or null when the server did not say.
     */
    async appendMarkdown(request: AppendMarkdownRequest, options?: CallOptions): Promise<Block[] | null> {
      const body = checked(appendMarkdownRequestSchema, request, 'POST /blocks/markdown/append');
      const known = traits.get(baseUrl).markdownAppendRoute;
      const routes = ['/blocks/append', '/blocks/markdown/append'] as const;
      const order = known === routes[1] ? [routes[1], routes[0]] : routes;
      let firstError: unknown;
      for (const path of order) {
        try {
          const answer = await transport.jsonOrEmpty(
            { method: 'POST', path, body: { ...body, id: body.objectId }, writes: true, options },
            appendedBlocksSchema,
          );
          learn({ markdownAppendRoute: path });
          return answer?.blocks ?? null;
        } catch (error) {
          if (!formRefused(error)) throw error;
          // Both forms refused: the known route's reason is the real one; else the fallback's (the
          // first form may simply not exist on this server).
          if (firstError !== undefined) throw known ? firstError : error;
          firstError = error;
        }
      }
      throw firstError;
    },

    /** What this client has learned of the server's forms (lib/api/server-traits.ts). */
    traits: (): ServerTraits => traits.get(baseUrl),
    learn,

    /**
     * PATCH /blocks/block: replaces one block's content; its type must stay the same. Omitting
     * `blocks`/`columns` keeps the children. Returns the block after the change, or null.
     */
    async updateBlock(blockId: string, block: BlockInput, options?: CallOptions): Promise<Block | null> {
      requireId(blockId, 'the block id', 'PATCH /blocks/block');
      const body = checked(blockInputSchema, block, 'PATCH /blocks/block');
      // 200 with a body or 204 both succeed (tests/emulator/README.md, decisions table).
      return transport.jsonOrEmpty(
        {
          method: 'PATCH',
          path: '/blocks/block',
          query: { id: blockId },
          body,
          writes: true,
          options,
        },
        blockSchema,
      );
    },

    /** POST /blocks/delete: each block goes with its subtree. Returns the deleted ids, or null. */
    async deleteBlocks(blockIds: string[], options?: CallOptions): Promise<string[] | null> {
      const body = checked(deleteBlocksRequestSchema, { blockIds }, 'POST /blocks/delete');
      // 200 with a body or 204 both succeed (tests/emulator/README.md, decisions table).
      const answer = await transport.jsonOrEmpty(
        { method: 'POST', path: '/blocks/delete', body, writes: true, options },
        deletedBlocksSchema,
      );
      return answer?.deletedBlockIds ?? null;
    },

    /**
     * POST /blocks/daily-note/append: exactly one of markdown or blocks; `date` in canonical form
     * (see canonicalDay), default today in UTC. Resolves when the job is queued (204); the content
     * appears shortly after.
     */
    async appendToDailyNote(content: DailyNoteContent, options?: CallOptions & DailyNotePlacement): Promise<void> {
      const endpoint = 'POST /blocks/daily-note/append';
      const body = {
        ...checked(dailyNoteContentSchema, content, endpoint),
        ...checked(dailyNotePlacementSchema, { date: options?.date, noTimeStamp: options?.noTimeStamp }, endpoint),
      };
      // 200 with a body or 204 both succeed (tests/emulator/README.md, decisions table).
      return transport.noContent({
        method: 'POST',
        path: '/blocks/daily-note/append',
        body,
        writes: true,
        options,
      });
    },

    /** POST /blocks/markdown/daily-note: appends Markdown to the daily note; queued like appendToDailyNote. */
    async appendMarkdownToDailyNote(markdown: string, options?: CallOptions & DailyNotePlacement): Promise<void> {
      const endpoint = 'POST /blocks/markdown/daily-note';
      const body = {
        ...checked(dailyNoteMarkdownRequestSchema, { markdown }, endpoint),
        ...checked(dailyNotePlacementSchema, { date: options?.date, noTimeStamp: options?.noTimeStamp }, endpoint),
      };
      // 200 with a body or 204 both succeed (tests/emulator/README.md, decisions table).
      return transport.noContent({
        method: 'POST',
        path: '/blocks/markdown/daily-note',
        body,
        writes: true,
        options,
      });
    },
  };
}

export type WorkspaceApi = ReturnType<typeof createWorkspaceApi>;
