import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { bearerToken, tokenKindOf } from './auth.ts';
import type { EmulatorContext } from './context.ts';
import { controlRoutes } from './control-routes.ts';
import { ApiError, type ApiErrorCode, notFound } from './errors.ts';
import type { FaultRule } from './faults.ts';
import { htmlResponse } from './html.ts';
import { renderStatePage } from './html-page.ts';
import { type AppContext, type AppEnv, jsonResponse, type LogInfo, MAX_BODY_BYTES } from './http.ts';
import { peekJwt } from './jwt.ts';
import { OAuthError } from './oauth.ts';
import { oauthErrorResponse, oauthRoutes } from './oauth-routes.ts';
import { type ApiProfile, PROFILE_NAMES, type ProfileName } from './profile.ts';
import { publishedProfile } from './published-profile.ts';
import { loggableQuery } from './request-log.ts';
import { specProfile } from './spec-profile.ts';
import { VERSION_HEADER } from './version-header.ts';
import { ReferenceViolation } from './violations.ts';

/**
 * Assembles the Hono app of each profile (CORS, faults + request log, the profile's middleware, body
 * limit, the routes, error mapping) and answers every request with the active profile's app.
 */

const PROFILES: Record<ProfileName, ApiProfile> = { spec: specProfile, published: publishedProfile };

/** Paths that are neither logged nor subject to faults: the test controls and the look-at-it page. */
function isInternal(path: string): boolean {
  return path.startsWith('/__emulator') || path === '/' || path === '/favicon.ico';
}

/** The API proper: not the internal paths, not OAuth. */
function isApiPath(path: string): boolean {
  return !isInternal(path) && !path.startsWith('/oauth/') && !path.startsWith('/.well-known/');
}

const DEFAULT_FAULT_CODES: Record<number, ApiErrorCode> = {
  400: 'cap_invalid_request',
  401: 'cap_not_authenticated',
  403: 'cap_forbidden',
  404: 'cap_not_found',
  413: 'cap_payload_too_large',
  429: 'cap_rate_limited',
};

function faultResponse(rule: FaultRule, profile: ApiProfile): Response {
  const status = rule.status ?? 500;
  const body =
    rule.body ??
    JSON.stringify(
      profile.errorBody(new ApiError(DEFAULT_FAULT_CODES[status] ?? 'cap_internal_error', 'Injected fault')),
    );
  const guessed = /^\s*</.test(body)
    ? 'text/html; charset=utf-8'
    : /^\s*[[{"]/.test(body)
      ? 'application/json'
      : 'text/plain';
  return new Response(status === 204 || status === 304 ? null : body, {
    status,
    headers: { 'Content-Type': rule.contentType ?? guessed, ...rule.headers },
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The form fields of a token request, read from a copy of the body (the handler reads the original). */
async function peekForm(c: AppContext): Promise<URLSearchParams | undefined> {
  if (c.req.method !== 'POST' || !c.req.path.startsWith('/oauth/')) return undefined;
  if (!/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '')) return undefined;
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) return undefined;
  return new URLSearchParams(await c.req.raw.clone().text());
}

/** The structure ids a search asks for, read from a copy of its body (the handler reads the original). */
async function peekSearchTypes(c: AppContext): Promise<string[] | undefined> {
  if (c.req.method !== 'POST' || c.req.path !== '/objects/search') return undefined;
  if (Number(c.req.header('content-length') ?? '0') > MAX_BODY_BYTES) return undefined;
  try {
    const { structureIds } = JSON.parse(await c.req.raw.clone().text()) as { structureIds?: unknown };
    return Array.isArray(structureIds) ? structureIds.filter((id): id is string => typeof id === 'string') : undefined;
  } catch {
    return undefined;
  }
}

function faultsAndLog(ctx: EmulatorContext, profile: ApiProfile) {
  return async (c: AppContext, next: () => Promise<void>) => {
    const path = c.req.path;
    if (isInternal(path)) return next();
    const info: LogInfo = {};
    c.set('logInfo', info);
    const searchTypes = await peekSearchTypes(c);
    const started = ctx.clock.now();
    const authorization = c.req.header('authorization');
    const record = (status: number | null) => {
      const token = bearerToken(authorization);
      const peeked = token && !token.startsWith('cap-api-') ? peekJwt(token) : null;
      const clientId = info.clientId ?? (typeof peeked?.client_id === 'string' ? peeked.client_id : undefined);
      ctx.log.add({
        time: new Date(started).toISOString(),
        method: c.req.method,
        path,
        query: loggableQuery(new URL(c.req.url).searchParams),
        status,
        ...(info.fault ? { fault: info.fault } : {}),
        tokenKind: tokenKindOf(authorization),
        ...(clientId ? { clientId } : {}),
        ...(info.grantType ? { grantType: info.grantType } : {}),
        ...(searchTypes ? { searchTypes } : {}),
      });
    };

    const rule = ctx.faults.pick(c.req.method, path);
    if (!rule) {
      await next();
      record(c.res.status);
      return;
    }
    const form = await peekForm(c);
    if (form) {
      info.clientId = form.get('client_id') ?? undefined;
      info.grantType = form.get('grant_type') ?? undefined;
    }
    const answers = rule.status !== undefined || rule.body !== undefined;
    const action = rule.drop ? (`drop-${rule.drop}` as const) : answers ? 'respond' : 'delay';
    info.fault = { id: rule.id, action };
    if (rule.delayMs) await sleep(rule.delayMs);
    // The raw socket: destroying it ends the exchange without any HTTP response.
    const socket = c.env?.incoming?.socket;
    if (rule.drop === 'before') {
      socket?.destroy();
      record(null);
      return new Response(null, { status: 499 });
    }
    if (answers) {
      record(rule.status ?? 500);
      return faultResponse(rule, profile);
    }
    await next();
    record(c.res.status);
    if (rule.drop === 'after') socket?.destroy();
    if (rule.drop === 'mid-response' && socket) {
      // The head promises a body that never comes: the client has the status but not the answer.
      const type = c.res.headers.get('content-type') ?? 'application/json';
      socket.write(
        `HTTP/1.1 ${c.res.status} Answer lost\r\ncontent-type: ${type}\r\ncontent-length: 65536\r\naccess-control-allow-origin: *\r\n\r\n{`,
      );
      setTimeout(() => socket.destroy(), 20);
      return new Response(null, { status: 499 });
    }
  };
}

/** An API error as the profile answers it; a reference violation is recorded first. */
function apiErrorAnswer(ctx: EmulatorContext, profile: ApiProfile, c: AppContext, error: ApiError): Response {
  if (error instanceof ReferenceViolation) {
    ctx.violations.add({
      time: new Date(ctx.clock.now()).toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: error.status,
      reason: error.message,
    });
  }
  return jsonResponse(profile.errorBody(error), error.status, error.headers);
}

function profileApp(ctx: EmulatorContext, profile: ApiProfile): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The API-version header may be sent to either profile; a name required at a reset is allowed too.
  const corsFor = (versionHeader: string | undefined) =>
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', VERSION_HEADER, ...(versionHeader ? [versionHeader] : [])],
      // The extension reads these cross-origin to pace itself (both profiles, so one client fits both).
      exposeHeaders: ['RateLimit', 'RateLimit-Policy', 'Retry-After'],
      maxAge: 600,
    });
  const usualCors = corsFor(undefined);
  app.use('*', (c, next) => (ctx.requireVersionHeader ? corsFor(ctx.requireVersionHeader) : usualCors)(c, next));
  app.use('*', faultsAndLog(ctx, profile));
  const apiMiddleware: MiddlewareHandler<AppEnv> | undefined = profile.apiMiddleware?.(ctx);
  if (apiMiddleware) app.use('*', (c, next) => (isApiPath(c.req.path) ? apiMiddleware(c, next) : next()));
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // The rest of the body is never read, so the connection cannot be reused: close it.
      onError: (c) =>
        apiErrorAnswer(
          ctx,
          profile,
          c,
          new ApiError('cap_payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes (1 MiB)`, {
            Connection: 'close',
          }),
        ),
    }),
  );

  app.get('/', (c) =>
    htmlResponse(renderStatePage(ctx, c.req.query('refresh') !== '0'), 200, { 'Cache-Control': 'no-store' }),
  );
  app.get('/favicon.ico', () => new Response(null, { status: 204 }));
  oauthRoutes(app, ctx);
  controlRoutes(app, ctx);
  profile.installRoutes(app, ctx);

  app.notFound((c) => {
    const { method, path } = c.req;
    // Only the API is the profile's to judge: a mistyped control or OAuth route is just not found.
    const error = isApiPath(path) ? profile.unknownRoute(method, path) : notFound(`No route ${method} ${path}`);
    return apiErrorAnswer(ctx, profile, c, error);
  });
  app.onError((error, c) => {
    if (error instanceof ApiError) return apiErrorAnswer(ctx, profile, c, error);
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    if (error instanceof HTTPException) {
      const code = error.status === 413 ? 'cap_payload_too_large' : 'cap_invalid_request';
      return jsonResponse(profile.errorBody(new ApiError(code, error.message)), error.status);
    }
    return apiErrorAnswer(
      ctx,
      profile,
      c,
      new ApiError('cap_internal_error', `Internal emulator error: ${String(error)}`),
    );
  });
  return app;
}

export interface EmulatorApp {
  fetch: Hono<AppEnv>['fetch'];
}

/** One app per profile, built once; each request goes to the profile active when it arrives. */
export function createApp(ctx: EmulatorContext): EmulatorApp {
  const apps = Object.fromEntries(PROFILE_NAMES.map((name) => [name, profileApp(ctx, PROFILES[name])])) as Record<
    ProfileName,
    Hono<AppEnv>
  >;
  return { fetch: (request, env, executionContext) => apps[ctx.profile].fetch(request, env, executionContext) };
}
