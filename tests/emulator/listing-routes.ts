import type { Hono } from 'hono';
import type { EmulatorContext } from './context.ts';
import { type AppEnv, api, jsonResponse, readJson } from './http.ts';
import { type ListingKind, listObjects, searchObjects } from './listing.ts';
import type { RateLimitGroup } from './rate-limit.ts';

/** GET /objects/structure|tag|collection (each with its own rate limit) and POST /objects/search. */

const LISTINGS: [ListingKind, RateLimitGroup][] = [
  ['structure', 'listByStructure'],
  ['tag', 'listByTag'],
  ['collection', 'listByCollection'],
];

export function listingRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  for (const [kind, group] of LISTINGS) {
    app.get(`/objects/${kind}`, api(ctx, group, 'api:read'), (c) =>
      jsonResponse(
        listObjects(
          ctx.store,
          c.get('principal').spaceId,
          kind,
          c.req.query('id'),
          c.req.query('pageSize'),
          c.req.query('cursor'),
        ),
      ),
    );
  }

  app.post('/objects/search', api(ctx, 'search', 'api:read'), async (c) =>
    jsonResponse(searchObjects(ctx.store, c.get('principal').spaceId, await readJson(c))),
  );
}
