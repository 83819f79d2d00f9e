import { checked, formRefused } from './request-checks';
import type { Block } from './schemas/blocks';
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
import type { CallOptions, Transport } from './transport';

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
  return {
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
