import type { Hono } from 'hono';
import type { EmulatorContext } from './context.ts';
import { type AppEnv, api, jsonResponse } from './http.ts';
import { searchTitles } from './listing.ts';
import { renderPublishedSpace, renderPublishedStructure } from './published-render.ts';
import { referenceBody, searchRequest } from './published-requests.ts';

/** The published profile's GET /space, GET /space/structures and POST /objects/search. */

/** Results of a search without `limit`. */
export const DEFAULT_SEARCH_LIMIT = 20;

export function publishedSpaceRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const read = api(ctx, null, 'api:read');

  app.get('/space', read, (c) => jsonResponse(renderPublishedSpace(ctx.store.space(c.get('principal').spaceId))));

  app.get('/space/structures', read, (c) => {
    const spaceId = c.get('principal').spaceId;
    const structures = ctx.store
      .space(spaceId)
      .structures.map((structure) => renderPublishedStructure(ctx.store, spaceId, structure));
    return jsonResponse({ structures });
  });

  app.post('/objects/search', read, async (c) => {
    const input = await referenceBody(c, searchRequest);
    const limit = input.limit ?? DEFAULT_SEARCH_LIMIT;
    return jsonResponse(searchTitles(ctx.store, c.get('principal').spaceId, input.query, input.structureIds, limit));
  });
}
