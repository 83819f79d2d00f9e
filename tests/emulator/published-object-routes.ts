import type { Hono } from 'hono';
import type { EmulatorContext } from './context.ts';
import { type AppContext, type AppEnv, api, emptyOk, jsonResponse } from './http.ts';
import { deleteObject, objectMarkdown } from './objects.ts';
import {
  createPublishedFromMarkdown,
  createPublishedObject,
  createPublishedWeblink,
  patchPublishedFromMarkdown,
  patchPublishedObject,
} from './published-objects.ts';
import { renderPublishedObject } from './published-render.ts';
import {
  createMarkdownRequest,
  createObjectRequest,
  patchMarkdownRequest,
  patchObjectRequest,
  referenceBody,
  referenceQuery,
  weblinkRequest,
} from './published-requests.ts';
import type { ObjectRecord } from './types.ts';
import { ReferenceViolation } from './violations.ts';

/** The published profile's /object operations; every one answers 200 (Object, or an empty body). */

/** `hardDelete` is marked required by the reference: `true` removes for good, `false` trashes. */
function hardDeleteFlag(c: AppContext): boolean {
  const raw = referenceQuery(c, 'hardDelete');
  if (raw !== 'true' && raw !== 'false') {
    throw new ReferenceViolation(
      'cap_invalid_request',
      `query.hardDelete: must be true or false, got ${JSON.stringify(raw)}`,
    );
  }
  return raw === 'true';
}

export function publishedObjectRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const read = api(ctx, null, 'api:read');
  const write = api(ctx, null, 'api:write');
  const space = (c: AppContext) => c.get('principal').spaceId;
  const render = (obj: ObjectRecord) => jsonResponse(renderPublishedObject(ctx.store, obj, ctx.baseUrl));

  app.get('/object', read, (c) => render(ctx.store.requireObject(space(c), referenceQuery(c, 'id'))));

  app.post('/object', write, async (c) =>
    render(createPublishedObject(ctx.store, space(c), await referenceBody(c, createObjectRequest))),
  );

  app.patch('/object', write, async (c) =>
    render(patchPublishedObject(ctx.store, space(c), await referenceBody(c, patchObjectRequest))),
  );

  app.delete('/object', write, (c) => {
    const id = referenceQuery(c, 'id');
    deleteObject(ctx.store, space(c), id, hardDeleteFlag(c));
    return emptyOk();
  });

  app.post('/object/url', write, async (c) =>
    render(createPublishedWeblink(ctx.store, space(c), await referenceBody(c, weblinkRequest))),
  );

  app.get('/object/markdown', read, (c) => {
    const obj = ctx.store.requireObject(space(c), referenceQuery(c, 'id'));
    return jsonResponse({
      id: obj.id,
      structureId: obj.structureId,
      markdown: objectMarkdown(ctx.store, obj).markdown,
    });
  });

  app.post('/object/markdown', write, async (c) =>
    render(createPublishedFromMarkdown(ctx.store, space(c), await referenceBody(c, createMarkdownRequest))),
  );

  app.patch('/object/markdown', write, async (c) =>
    render(patchPublishedFromMarkdown(ctx.store, space(c), await referenceBody(c, patchMarkdownRequest))),
  );
}
