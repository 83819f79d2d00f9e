import type { Hono } from 'hono';
import { appendBlocks, appendMarkdown, deleteBlocks, patchBlock } from './block-ops.ts';
import type { EmulatorContext } from './context.ts';
import { parseDailyNoteRequest } from './daily-notes.ts';
import { type AppContext, type AppEnv, api, jsonResponse, readJson } from './http.ts';
import { specBlocks } from './spec-shape.ts';

/** The block endpoints, including the asynchronous daily-note appends. */

export function blockRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const write = api(ctx, 'write', 'api:write');
  const space = (c: AppContext) => c.get('principal').spaceId;

  app.post('/blocks/append', write, async (c) =>
    jsonResponse({ blocks: appendBlocks(ctx.store, space(c), await readJson(c)) }),
  );

  app.post('/blocks/markdown/append', write, async (c) =>
    jsonResponse({ blocks: appendMarkdown(ctx.store, space(c), await readJson(c)) }),
  );

  app.patch('/blocks/block', write, async (c) =>
    // Kept children may hold what only the published profile shows (state shared through --data).
    jsonResponse(specBlocks([patchBlock(ctx.store, space(c), c.req.query('id'), await readJson(c))])[0]),
  );

  app.post('/blocks/delete', write, async (c) =>
    jsonResponse({ deletedBlockIds: deleteBlocks(ctx.store, space(c), await readJson(c)) }),
  );

  const dailyNote = (markdownOnly: boolean) => async (c: AppContext) => {
    const job = parseDailyNoteRequest(ctx.store, space(c), await readJson(c), markdownOnly);
    // Queued per token so one client's appends land in the order it sent them.
    ctx.dailyNotes.enqueue(c.get('principal').rateKey, job);
    return new Response(null, { status: 204 });
  };
  app.post('/blocks/daily-note/append', write, dailyNote(false));
  app.post('/blocks/markdown/daily-note', write, dailyNote(true));
}
