import { InvalidInputError, MalformedResponseError } from './errors';
import { requireId } from './request-checks';
import { type ObjectSummary, type SummaryPage, summaryPageSchema } from './schemas/objects';
import type { CallOptions, Transport } from './transport';

/**
 * The spec's three cursor-paginated listings (by structure, tag, collection). The published
 * reference has none of them and the extension does not need them; the complete client
 * (complete-client.ts) has them, for the tests of the whole v1 surface.
 */

export interface ListOptions extends CallOptions {
  /** 1 to 100; the server's default is 100. */
  pageSize?: number;
  /** `nextCursor` of the previous page; omit for the first page. */
  cursor?: string;
}

export type IterateOptions = Omit<ListOptions, 'cursor'>;

export const MAX_PAGE_SIZE = 100;

type ListKind = 'structure' | 'tag' | 'collection';

export function createListingApi(transport: Transport) {
  async function list(kind: ListKind, id: string, options: ListOptions | undefined): Promise<SummaryPage> {
    const endpoint = `GET /objects/${kind}`;
    requireId(id, `the ${kind} id`, endpoint);
    const pageSize = options?.pageSize;
    if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) {
      throw new InvalidInputError({ endpoint, detail: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` });
    }
    return transport.json(
      {
        method: 'GET',
        path: `/objects/${kind}`,
        query: { id, pageSize, cursor: options?.cursor },
        writes: false,
        options,
      },
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
  };
}
