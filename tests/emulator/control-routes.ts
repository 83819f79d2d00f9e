import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { EmulatorContext } from './context.ts';
import type {
  AddedFault,
  ClockAnswer,
  DailyNoteDelayAnswer,
  FaultsAnswer,
  LogAnswer,
  MintedToken,
  RevokeTokenAnswer,
  StateAnswer,
  ViolationsAnswer,
} from './control-api.ts';
import { invalidRequest, notFound } from './errors.ts';
import { parseFaultRule } from './faults.ts';
import { fileBody, verifyFileSignature } from './files.ts';
import { type AppContext, type AppEnv, jsonResponse } from './http.ts';
import { isRecord } from './input.ts';
import { renderObject } from './objects.ts';
import { isProfileName, PROFILE_NAMES } from './profile.ts';
import { titleOf } from './property-values.ts';
import { mergeRateLimits, rateLimitOptionsError } from './rate-limit.ts';
import { renderStructure } from './space-routes.ts';
import { ALL_SCOPES, type Scope } from './types.ts';
import { isHeaderName } from './version-header.ts';

/**
 * Test controls under `/__emulator/…`. No authentication: a real service has nothing like them.
 * Bodies are JSON; the content type is not checked so `curl -d '{…}'` works too.
 */

async function body(c: AppContext): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON');
  }
  if (!isRecord(parsed)) throw invalidRequest('The request body must be a JSON object');
  return parsed;
}

const noContent = () => new Response(null, { status: 204 });

export function controlRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const clockState = (): ClockAnswer => ({
    now: new Date(ctx.clock.now()).toISOString(),
    offsetSeconds: ctx.clock.offsetMs() / 1000,
  });

  app.post('/__emulator/reset', async (c) => {
    const { profile, requireVersionHeader } = await body(c);
    if (profile !== undefined && !isProfileName(profile)) {
      throw invalidRequest(`profile must be one of ${PROFILE_NAMES.join(', ')}`);
    }
    if (requireVersionHeader !== undefined && !isHeaderName(requireVersionHeader)) {
      throw invalidRequest('requireVersionHeader must be a header name');
    }
    ctx.reset({ profile, requireVersionHeader });
    return noContent();
  });

  app.get('/__emulator/violations', () =>
    jsonResponse({ violations: ctx.violations.list() } satisfies ViolationsAnswer),
  );

  app.get('/__emulator/clock', () => jsonResponse(clockState()));
  app.post('/__emulator/clock', async (c) => {
    const { advanceSeconds } = await body(c);
    if (typeof advanceSeconds !== 'number' || !Number.isFinite(advanceSeconds) || advanceSeconds < 0) {
      throw invalidRequest('advanceSeconds must be a non-negative number');
    }
    ctx.clock.advance(advanceSeconds);
    return jsonResponse(clockState());
  });

  app.post('/__emulator/faults', async (c) =>
    jsonResponse({ id: ctx.faults.add(parseFaultRule(await body(c))).id } satisfies AddedFault, 201),
  );
  app.get('/__emulator/faults', () => jsonResponse({ faults: ctx.faults.list() } satisfies FaultsAnswer));
  app.delete('/__emulator/faults', () => {
    ctx.faults.clear();
    return noContent();
  });
  app.delete('/__emulator/faults/:id', (c) => {
    if (!ctx.faults.remove(c.req.param('id'))) throw notFound(`No fault rule ${c.req.param('id')}`);
    return noContent();
  });

  app.get('/__emulator/log', (c) => {
    const since = Number(c.req.query('since') ?? '0');
    if (!Number.isFinite(since)) throw invalidRequest('since must be a number');
    return jsonResponse({ entries: ctx.log.since(since) } satisfies LogAnswer);
  });
  app.delete('/__emulator/log', () => {
    ctx.log.clear();
    return noContent();
  });

  app.get('/__emulator/state', (c) => {
    const spaceId = c.req.query('spaceId');
    const structureId = c.req.query('structureId');
    const snapshot = ctx.store.snapshot();
    const spaces = snapshot.spaces
      .filter((space) => !spaceId || space.id === spaceId)
      .map((space) => ({
        id: space.id,
        title: space.title,
        structures: space.structures.map((structure) => renderStructure(ctx.store, space.id, structure)),
        objects: snapshot.objects
          .filter((obj) => obj.spaceId === space.id && (!structureId || obj.structureId === structureId))
          .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
          .map((obj) => ({
            ...renderObject(ctx.store, obj, ctx.baseUrl),
            title: titleOf(obj),
            trashed: obj.trashedAt !== null,
            createdAt: new Date(obj.createdAt).toISOString(),
            updatedAt: new Date(obj.updatedAt).toISOString(),
          })),
      }));
    return jsonResponse({
      ...clockState(),
      profile: ctx.profile,
      pendingDailyNotes: ctx.dailyNotes.pending,
      spaces,
      connections: snapshot.connections.map(({ id, clientId, spaceId: space, scopes, removed, createdAt }) => ({
        id,
        clientId,
        spaceId: space,
        scopes,
        removed,
        createdAt: new Date(createdAt).toISOString(),
      })),
    } satisfies StateAnswer);
  });

  app.get('/__emulator/rate-limits', () => jsonResponse(ctx.limiter.settings));
  app.post('/__emulator/rate-limits', async (c) => {
    const input = await body(c);
    const problem = rateLimitOptionsError(input);
    if (problem) throw invalidRequest(problem);
    ctx.limiter.configure(mergeRateLimits(ctx.limiter.settings, input));
    return jsonResponse(ctx.limiter.settings);
  });

  app.post('/__emulator/tokens', async (c) => {
    const { spaceId, scopes, expiresInSeconds } = await body(c);
    const space = ctx.store.data.spaces.find((candidate) => candidate.id === spaceId);
    if (!space) throw invalidRequest('spaceId must be the id of a space');
    const granted = scopes ?? ['api:read', 'api:write'];
    if (!Array.isArray(granted) || !granted.every((scope) => scope === 'api:read' || scope === 'api:write')) {
      throw invalidRequest('scopes must be an array of "api:read" and "api:write"');
    }
    if (expiresInSeconds !== undefined && (typeof expiresInSeconds !== 'number' || expiresInSeconds <= 0)) {
      throw invalidRequest('expiresInSeconds must be a positive number');
    }
    const now = ctx.clock.now();
    const record = {
      token: `cap-api-${randomBytes(18).toString('base64url')}`,
      spaceId: space.id,
      userId: space.ownerId,
      scopes: [...new Set(granted as Scope[])].sort((a, b) => ALL_SCOPES.indexOf(a) - ALL_SCOPES.indexOf(b)),
      createdAt: now,
      expiresAt: typeof expiresInSeconds === 'number' ? now + expiresInSeconds * 1000 : null,
      revoked: false,
    };
    ctx.store.data.personalTokens.push(record);
    ctx.store.changed();
    return jsonResponse(
      {
        token: record.token,
        spaceId: record.spaceId,
        scopes: record.scopes,
        expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt).toISOString(),
      } satisfies MintedToken,
      201,
    );
  });

  // "Deleted in the app's settings": a personal token is revoked; an OAuth token's connection is removed.
  app.post('/__emulator/tokens/revoke', async (c) => {
    const { token } = await body(c);
    if (typeof token !== 'string') throw invalidRequest('token must be a string');
    const personal = ctx.store.data.personalTokens.find((record) => record.token === token);
    if (personal) {
      personal.revoked = true;
      ctx.store.changed();
      return jsonResponse({ revoked: 'personal' } satisfies RevokeTokenAnswer);
    }
    const connectionId = ctx.oauth.connectionOfToken(token);
    if (connectionId) {
      ctx.oauth.removeConnection(connectionId);
      return jsonResponse({ revoked: 'connection' } satisfies RevokeTokenAnswer);
    }
    throw notFound('Unknown token');
  });

  const delayState = (): DailyNoteDelayAnswer => ({ delayMs: ctx.dailyNotes.delayMs, pending: ctx.dailyNotes.pending });
  app.get('/__emulator/daily-note-delay', () => jsonResponse(delayState()));
  app.post('/__emulator/daily-note-delay', async (c) => {
    const { delayMs } = await body(c);
    if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0) {
      throw invalidRequest('delayMs must be a non-negative number');
    }
    ctx.dailyNotes.delayMs = delayMs;
    return jsonResponse(delayState());
  });
  /** Answers once every queued daily-note append has been applied. */
  app.post('/__emulator/daily-notes/wait', async () => {
    await ctx.dailyNotes.idle();
    return noContent();
  });

  // Targets of the signed `files[].url` of media objects.
  app.get('/__emulator/files/:objectId/:name', (c) => {
    const obj = ctx.store.anyObject(c.req.param('objectId'));
    const name = c.req.param('name');
    const file = obj?.files?.find((candidate) => candidate.name === name);
    const valid =
      obj &&
      file &&
      verifyFileSignature(
        ctx.store.data.jwtSecret,
        obj.id,
        name,
        c.req.query('expires'),
        c.req.query('signature'),
        ctx.clock.now(),
      );
    if (!valid || !file) return new Response('Invalid or expired signature', { status: 403 });
    return new Response(fileBody(file.mimeType), { headers: { 'Content-Type': file.mimeType } });
  });
}
