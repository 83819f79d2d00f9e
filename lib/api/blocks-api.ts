import { z } from 'zod/mini';
import { checked, formRefused } from './request-checks';
import type { Block, BlockForm, BlockInput } from './schemas/blocks';
import { appendedBlocksSchema } from './schemas/objects';
import {
  type AppendMarkdownRequest,
  appendMarkdownRequestSchema,
  type DailyNoteContent,
  type DailyNotePlacement,
  dailyNoteContentSchema,
  dailyNotePlacementSchema,
} from './schemas/requests';
import type { ServerTraits, ServerTraitsStore } from './server-traits';
import type { ApiRequest, CallOptions, Transport } from './transport';

/** Answers whose content is not used (the changed Object, the block, the deleted ids). */
const anything = z.unknown();

/** The block endpoints: appending (blocks or Markdown, to an object or a daily note), replacing, deleting. */
export function createBlocksApi({
  transport,
  baseUrl,
  traits,
  learn,
}: {
  transport: Transport;
  baseUrl: string;
  traits: ServerTraitsStore;
  learn: (learned: ServerTraits) => void;
}) {
  /**
   * Sends a block write in the server's form (ServerTraits.blockForm), learned from a success:
   * when not known yet, the published one first; a 404 or a refused shape tries the spec's. Never
   * the other form to a server known to take one (the published reference records a spec-only
   * route as a violation). The answer (an Object, the block, the appended or deleted ids) is not
   * read: a write's result is read back with GET /object, where each form shows its blocks.
   */
  async function inForm(request: (form: BlockForm) => Omit<ApiRequest, 'writes'>): Promise<void> {
    const known = traits.get(baseUrl).blockForm;
    const send = async (form: BlockForm) => {
      await transport.jsonOrEmpty({ ...request(form), writes: true }, anything);
      learn({ blockForm: form });
    };
    try {
      await send(known ?? 'published');
    } catch (error) {
      if (known || !formRefused(error)) throw error;
      await send('spec');
    }
  }

  return {
    /** Appends blocks to an object (`POST /blocks/append`), each form with its own blocks. */
    addBlocks: (objectId: string, blocks: (form: BlockForm) => BlockInput[]) =>
      inForm((form) => ({
        method: 'POST',
        path: '/blocks/append',
        body: form === 'published' ? { id: objectId, blocks: blocks(form) } : { objectId, blocks: blocks(form) },
      })),

    /** Replaces one block (`PATCH /blocks/block`); its children stay unless the block lists them. */
    changeBlock: (objectId: string, blockId: string, block: (form: BlockForm) => BlockInput) =>
      inForm((form) =>
        form === 'published'
          ? { method: 'PATCH', path: '/blocks/block', body: { id: objectId, blockId, block: block(form) } }
          : { method: 'PATCH', path: '/blocks/block', query: { id: blockId }, body: block(form) },
      ),

    /** Deletes one block and its children: `DELETE /block` (published) or `POST /blocks/delete` (spec). */
    removeBlock: (objectId: string, blockId: string) =>
      inForm((form) =>
        form === 'published'
          ? { method: 'DELETE', path: '/block', query: { objectId, blockId } }
          : { method: 'POST', path: '/blocks/delete', body: { objectId, blockIds: [blockId] } },
      ),

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
  };
}
