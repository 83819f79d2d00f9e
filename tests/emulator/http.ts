import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { authenticate, type Principal, requireScope } from './auth.ts';
import type { EmulatorContext } from './context.ts';
import { invalidRequest } from './errors.ts';
import type { RateLimitGroup } from './rate-limit.ts';
import type { LogEntry } from './request-log.ts';
import type { Scope } from './types.ts';

/** Hono plumbing shared by the route modules. */

/** Details the handlers add to the request's log entry. */
export interface LogInfo {
  clientId?: string;
  grantType?: string;
  fault?: LogEntry['fault'];
}

export interface AppEnv {
  Bindings: HttpBindings;
  Variables: { principal: Principal; logInfo: LogInfo | undefined };
}

export type AppContext = Context<AppEnv>;

export const MAX_BODY_BYTES = 1_048_576;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** 200 with an empty body: the published profile's answer of `DELETE /object` and daily-note appends. */
export function emptyOk(): Response {
  return new Response(null, { status: 200 });
}

/** Reads a JSON request body: requires a JSON content type, and malformed JSON is `cap_invalid_request`. */
export async function readJson(c: AppContext): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw invalidRequest('Content-Type must be application/json');
  }
  const text = await c.req.text();
  if (text.trim() === '') throw invalidRequest('The request body is empty');
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON');
  }
}

/** Authentication, rate limit (the spec profile's groups; none without `group`), then scope, for an API route. */
export function api(ctx: EmulatorContext, group: RateLimitGroup | null, scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = authenticate(ctx.store, ctx.oauth, c.req.header('authorization'));
    const info = c.get('logInfo');
    if (info && principal.clientId) info.clientId = principal.clientId;
    if (group) ctx.limiter.hit(group, principal.rateKey);
    requireScope(principal, scope);
    c.set('principal', principal);
    await next();
  };
}

/** The client address, the rate-limit key of the OAuth routes. */
export function clientAddress(c: AppContext): string {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress ?? 'unknown';
}
