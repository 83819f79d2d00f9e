import type { z } from 'zod/mini';
import { normalizeBaseUrl } from './base-url';
import { InvalidInputError, MalformedResponseError } from './errors';
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
  type SearchRequest,
  searchRequestSchema,
  type UpdateObjectRequest,
  updateObjectRequestSchema,
} from './schemas/requests';
import { type Space, type Structure, spaceSchema, structuresResponseSchema, userSpacesSchema } from './schemas/space';
import {
  type ApiRequest,
  type ApiRequestInfo,
  type AuthProvider,
  type CallOptions,
  createTransport,
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
  });

  const read = (path: string, query: ApiRequest['query'], options: CallOptions | undefined): ApiRequest => ({
    method: 'GET',
    path,
    query,
    writes: false,
    options,
  });

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

    /** PATCH /object: only the keys sent change; at least one of properties/collections is required. */
    async updateObject(id: string, request: UpdateObjectRequest, options?: CallOptions): Promise<SavedObject> {
      requireId(id, 'the object id', 'PATCH /object');
      const body = checked(updateObjectRequestSchema, request, 'PATCH /object');
      // 200 with a body or 204 both succeed (tests/emulator/README.md, decisions table).
      const saved = await transport.jsonOrEmpty(
        { method: 'PATCH', path: '/object', query: { id }, body, writes: true, options },
        savedObjectSchema,
      );
      return saved ?? { id, object: null };
    },

    /** DELETE /object: to the trash, or permanently with `hardDelete`. */
    async deleteObject(id: string, options?: CallOptions & { hardDelete?: boolean }): Promise<void> {
      requireId(id, 'the object id', 'DELETE /object');
      // 200 with a body or 204 both succeed (tests/emulator/README.md, decisions table).
      return transport.noContent({
        method: 'DELETE',
        path: '/object',
        query: { id, hardDelete: options?.hardDelete === true ? true : undefined },
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

    /** POST /objects/search: title search, relevance-ordered, one page. */
    async search(request: SearchRequest, options?: CallOptions): Promise<ObjectSummary[]> {
      const body = checked(searchRequestSchema, request, 'POST /objects/search');
      const answer = await transport.json(
        { method: 'POST', path: '/objects/search', body, writes: false, options },
        searchResultsSchema,
      );
      return answer.results;
    },

    /** POST /blocks/append. Returns the appended roots with their ids, or null when the server did not say. */
    async appendBlocks(request: AppendBlocksRequest, options?: CallOptions): Promise<Block[] | null> {
      const body = checked(appendBlocksRequestSchema, request, 'POST /blocks/append');
      // 200 with a body or 204 both succeed (tests/emulator/README.md, decisions table).
      const answer = await transport.jsonOrEmpty(
        { method: 'POST', path: '/blocks/append', body, writes: true, options },
        appendedBlocksSchema,
      );
      return answer?.blocks ?? null;
    },

    /** POST /blocks/markdown/append. Returns the appended roots, or null when the server did not say. */
    async appendMarkdown(request: AppendMarkdownRequest, options?: CallOptions): Promise<Block[] | null> {
      const body = checked(appendMarkdownRequestSchema, request, 'POST /blocks/markdown/append');
      // 200 with a body or 204 both succeed (tests/emulator/README.md, decisions table).
      const answer = await transport.jsonOrEmpty(
        { method: 'POST', path: '/blocks/markdown/append', body, writes: true, options },
        appendedBlocksSchema,
      );
      return answer?.blocks ?? null;
    },

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
