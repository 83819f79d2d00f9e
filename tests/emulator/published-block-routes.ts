import type { Hono } from 'hono';
import { appendBlocks, appendMarkdown, deleteBlocks, patchBlock } from './block-ops.ts';
import type { EmulatorContext } from './context.ts';
import { parseDailyNoteRequest } from './daily-notes.ts';
import type { EmulatorState } from './emulator-state.ts';
import { type AppContext, type AppEnv, api, emptyOk, jsonResponse } from './http.ts';
import { structureOf } from './objects.ts';
import { internalBlock, internalBlocks } from './published-blocks.ts';
import { definitionByPublishedId, publishedStructureView } from './published-ids.ts';
import { renderPublishedObject } from './published-render.ts';
import {
  appendRequest,
  dailyNoteRequest,
  patchBlockRequest,
  referenceBody,
  referenceQuery,
} from './published-requests.ts';

/**
 * The published profile's block operations: appends of blocks or Markdown to an object (its `id`
 * in the body), daily-note appends (200, empty), one block's replacement and deletion. Each answers
 * the whole Object.
 */

/** A published block property id as the stored one; an unknown id is passed on to be refused by name. */
function blockPropertyId(store: EmulatorState, spaceId: string, objectId: string, propertyId: string | undefined) {
  if (propertyId === undefined) return undefined;
  const view = publishedStructureView(structureOf(store, store.requireObject(spaceId, objectId)));
  const def = definitionByPublishedId(view, propertyId);
  return def?.type === 'blocks' ? def.id : propertyId;
}

export function publishedBlockRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const write = api(ctx, null, 'api:write');
  const space = (c: AppContext) => c.get('principal').spaceId;
  const renderObject = (spaceId: string, objectId: string) =>
    jsonResponse(renderPublishedObject(ctx.store, ctx.store.requireObject(spaceId, objectId), ctx.baseUrl));

  app.post('/blocks/append', write, async (c) => {
    const input = await referenceBody(c, appendRequest);
    const target = {
      objectId: input.id,
      propertyId: blockPropertyId(ctx.store, space(c), input.id, input.propertyId),
      parentBlockId: input.parentBlockId,
      position: input.position,
    };
    if (input.markdown !== undefined) appendMarkdown(ctx.store, space(c), { ...target, markdown: input.markdown });
    else appendBlocks(ctx.store, space(c), { ...target, blocks: internalBlocks(input.blocks ?? []) }, true);
    return renderObject(space(c), input.id);
  });

  app.post('/blocks/daily-note/append', write, async (c) => {
    const input = await referenceBody(c, dailyNoteRequest);
    const request = { ...input, blocks: input.blocks && internalBlocks(input.blocks) };
    const job = parseDailyNoteRequest(ctx.store, space(c), request, false, true);
    // Queued per token so one client's appends land in the order it sent them.
    ctx.dailyNotes.enqueue(c.get('principal').rateKey, job);
    return emptyOk();
  });

  app.patch('/blocks/block', write, async (c) => {
    const input = await referenceBody(c, patchBlockRequest);
    const scope = { objectId: input.id, propertyId: blockPropertyId(ctx.store, space(c), input.id, input.propertyId) };
    patchBlock(ctx.store, space(c), input.blockId, internalBlock(input.block), scope, true);
    return renderObject(space(c), input.id);
  });

  app.delete('/block', write, (c) => {
    const objectId = referenceQuery(c, 'objectId');
    const blockId = referenceQuery(c, 'blockId');
    deleteBlocks(ctx.store, space(c), { blockIds: [blockId], objectId });
    return renderObject(space(c), objectId);
  });
}
