import type { MiddlewareHandler } from 'hono';
import { authenticate, type Principal } from './auth.ts';
import type { EmulatorContext } from './context.ts';
import { ApiError } from './errors.ts';
import { type AppEnv, clientAddress } from './http.ts';
import { PUBLISHED_OPERATIONS } from './published-operations.ts';
import type { WindowState } from './rate-limit.ts';

/**
 * The published limits: per token and per endpoint (METHOD + path) in fixed windows, 10 for
 * `GET /space`, `GET /space/structures` and `POST /object/url`, 30 for the others. Every answer
 * carries `RateLimit: limit=10, remaining=9, reset=58`; a 429 carries no `Retry-After`. Requests
 * without a valid token are not counted (they get the header of their address's window), and
 * neither are routes the reference does not have.
 */

export function rateLimitHeader(state: WindowState): string {
  return `limit=${state.limit}, remaining=${state.remaining}, reset=${state.resetSeconds}`;
}

function principalOf(ctx: EmulatorContext, authorization: string | undefined): Principal | undefined {
  try {
    return authenticate(ctx.store, ctx.oauth, authorization);
  } catch (error) {
    // The route itself answers the 401; here it only means "not counted".
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

export function publishedRateLimit(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const endpoint = `${c.req.method} ${c.req.path}`;
    const principal = principalOf(ctx, c.req.header('authorization'));
    const known = PUBLISHED_OPERATIONS.has(endpoint);
    const key = principal?.rateKey ?? `address:${clientAddress(c)}`;
    const limit = ctx.limiter.endpointLimit(endpoint);
    const state = ctx.limiter.meter(endpoint, key, limit, principal !== undefined && known);
    const header = rateLimitHeader(state);
    if (state.exceeded) {
      throw new ApiError(
        'cap_rate_limited',
        `Rate limit of ${endpoint} reached (${limit} per window); the window resets in ${state.resetSeconds} s`,
        { RateLimit: header },
        { endpoint, limit, reset: state.resetSeconds },
      );
    }
    await next();
    c.res.headers.set('RateLimit', header);
  };
}
