import type { Hono } from 'hono';
import type { EmulatorContext } from './context.ts';
import { invalidRequest } from './errors.ts';
import { type AppContext, type AppEnv, api, jsonResponse, readJson } from './http.ts';
import { isUuid } from './ids.ts';
import {
  createFromMarkdown,
  createObject,
  createWeblink,
  deleteObject,
  objectMarkdown,
  patchObject,
  renderObject,
} from './objects.ts';

/** GET/POST/PATCH/DELETE /object, POST /object/url, GET/POST /object/markdown. */

function requireIdParam(c: AppContext, name = 'id'): string {
  const id = c.req.query(name);
  if (!id) throw invalidRequest(`Query parameter "${name}" is required`);
  if (!isUuid(id)) throw invalidRequest(`Query parameter "${name}" must be a UUID`);
  return id;
}

function parseFlag(raw: string | undefined, name: string): boolean {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1' || raw === '') return true;
  throw invalidRequest(`Query parameter "${name}" must be true or false`);
}

export function objectRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const read = api(ctx, 'read', 'api:read');
  const write = api(ctx, 'write', 'api:write');
  const space = (c: AppContext) => c.get('principal').spaceId;
  const render = (obj: Parameters<typeof renderObject>[1], status = 200) =>
    jsonResponse(renderObject(ctx.store, obj, ctx.baseUrl), status);

  app.get('/object', read, (c) => render(ctx.store.requireObject(space(c), requireIdParam(c))));

  app.post('/object', write, async (c) => render(createObject(ctx.store, space(c), await readJson(c)), 201));

  app.patch('/object', write, async (c) => {
    const id = requireIdParam(c);
    return render(patchObject(ctx.store, space(c), id, await readJson(c)));
  });

  app.delete('/object', write, (c) => {
    deleteObject(ctx.store, space(c), requireIdParam(c), parseFlag(c.req.query('hardDelete'), 'hardDelete'));
    return new Response(null, { status: 204 });
  });

  app.post('/object/url', write, async (c) => render(createWeblink(ctx.store, space(c), await readJson(c)), 201));

  app.get('/object/markdown', read, (c) =>
    jsonResponse(objectMarkdown(ctx.store, ctx.store.requireObject(space(c), requireIdParam(c)))),
  );

  app.post('/object/markdown', write, async (c) =>
    render(createFromMarkdown(ctx.store, space(c), await readJson(c)), 201),
  );
}
