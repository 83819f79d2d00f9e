import { checked, requireId } from './request-checks';
import { type Block, type BlockInput, blockInputSchema, blockSchema } from './schemas/blocks';
import { appendedBlocksSchema, deletedBlocksSchema, type SavedObject, savedObjectSchema } from './schemas/objects';
import {
  type AppendBlocksRequest,
  appendBlocksRequestSchema,
  type CreateObjectFromMarkdownRequest,
  createObjectFromMarkdownRequestSchema,
  type DailyNotePlacement,
  dailyNoteMarkdownRequestSchema,
  dailyNotePlacementSchema,
  deleteBlocksRequestSchema,
} from './schemas/requests';
import { type Space, userSpacesSchema } from './schemas/space';
import type { CallOptions, Transport } from './transport';

/**
 * Endpoints for writing content beyond clipping: blocks appended, replaced and deleted one by one,
 * an object made from Markdown, the spec's second daily-note route, the user's spaces. The extension
 * uses none of them (it clips through client.ts); the complete client (complete-client.ts) has
 * them, for the tests of the whole v1 surface.
 */
export function createContentApi(transport: Transport) {
  return {
    /** GET /user/spaces: the spaces of the token's user. */
    async getUserSpaces(options?: CallOptions): Promise<Space[]> {
      return transport.json({ method: 'GET', path: '/user/spaces', writes: false, options }, userSpacesSchema);
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
