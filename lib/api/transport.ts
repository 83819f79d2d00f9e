import type { z } from 'zod/mini';
import type { Exchange, Expectation } from './answers';
import { httpError, readSuccess } from './answers';
import { buildUrl, type QueryValue } from './base-url';
import {
  AbortedError,
  ApiError,
  isTransientOAuthError,
  MalformedResponseError,
  NotAuthenticatedError,
  OAuthError,
  parseRetryAfter,
  RateLimitedError,
} from './errors';
import { networkFailure, requestSignals } from './network';
import type { Pacer } from './pacer';
import { readRateLimit } from './rate-limit-headers';

/**
 * Supplies bearer tokens. The client holds no token logic beyond putting the header on: it asks
 * for a token per request and, after a 401, once for a fresh one.
 */
export interface AuthProvider {
  getAccessToken(): Promise<string>;
  /** Called once after a 401 with the token that was refused; returns the token to retry with. */
  refreshAfterUnauthorized(rejectedToken: string): Promise<string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (per attempt). */
  timeoutMs?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Reported before every HTTP attempt (a 401 retry counts as a second request). */
export interface ApiRequestInfo {
  method: HttpMethod;
  path: string;
}

/** Whose budget a request spends: the pacer and the connection's key in it (never a token). */
export interface Pacing {
  pacer: Pacer;
  scope: string;
  /** A wait up to this long for the budget is waited out here; a longer one is a RateLimitedError. */
  maxWaitMs?: number;
  /** Requests of each window left for others (lib/api/pacer.ts, `ReserveOptions`). */
  leave?: number;
}

export interface TransportConfig {
  baseUrl: string;
  /** Sent with every request (the API-version header); never a token. */
  headers: Record<string, string> | undefined;
  auth: AuthProvider;
  fetch: typeof fetch;
  timeoutMs: number;
  onRequest: ((info: ApiRequestInfo) => void) | undefined;
  pacing: Pacing | undefined;
}

export interface ApiRequest {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Whether the request changes data: decides `mayHaveBeenApplied` when its answer is lost. */
  writes: boolean;
  options?: CallOptions | undefined;
}

export function createTransport(config: TransportConfig) {
  /** Token errors from the auth provider: API errors pass through, an OAuth refusal means "sign in again". */
  async function obtainToken(get: () => Promise<string>, exchange: Exchange): Promise<string> {
    let token: string;
    try {
      token = await get();
    } catch (error) {
      const endpoint = exchange.endpoint;
      // A refused refresh means signing in again; a sign-in service that is down for a moment
      // (server_error, temporarily_unavailable) does not, so that stays an error worth retrying.
      if (error instanceof OAuthError && !isTransientOAuthError(error.code)) {
        throw new NotAuthenticatedError({ endpoint, message: error.message, code: error.code, cause: error });
      }
      if (error instanceof ApiError) throw error;
      throw new NotAuthenticatedError({ endpoint, cause: error });
    }
    exchange.tokens.push(token);
    return token;
  }

  async function attempt(request: ApiRequest, expect: Expectation, exchange: Exchange, token: string, body?: string) {
    const signals = requestSignals(request.options?.timeoutMs ?? config.timeoutMs, request.options?.signal);
    if (signals.caller?.aborted) throw new AbortedError({ endpoint: exchange.endpoint, cause: signals.caller.reason });
    config.onRequest?.({ method: request.method, path: request.path });
    const headers: Record<string, string> = {
      ...config.headers,
      Authorization: `Bearer ${token}`,
      Accept:
        expect.kind === 'markdown' ? 'application/json, text/markdown;q=0.9, text/plain;q=0.8' : 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await config.fetch(buildUrl(config.baseUrl, request.path, request.query), {
        method: request.method,
        headers,
        body,
        signal: signals.signal,
        credentials: 'omit',
        cache: 'no-store',
        // A token must never follow a redirect to another address. 'manual' (not 'error') so the
        // person is told it was a redirect, not a network failure: browsers answer an opaque
        // redirect (status 0), Node the 3xx itself; httpError names both.
        redirect: 'manual',
      });
      return { response, signals };
    } catch (error) {
      throw networkFailure(error, { ...exchange, signals, answered: false });
    }
  }

  /** Waits for the endpoint's budget when the wait is short; a longer one is refused here, unsent. */
  async function reserve(key: string, endpoint: string): Promise<void> {
    const pacing = config.pacing;
    if (!pacing) return;
    for (;;) {
      const wait = await pacing.pacer.reserve(key, { leave: pacing.leave ?? 0 });
      if (wait === 0) return;
      if (wait > (pacing.maxWaitMs ?? 0)) throw new RateLimitedError({ endpoint, retryAfterMs: wait, paced: true });
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /**
   * One HTTP attempt within the endpoint's budget. Call `settle` once the answer is read: the pacer
   * keeps what it says of the budget, and whether it failed (a 2xx whose body is unreadable too).
   */
  async function pacedAttempt(
    request: ApiRequest,
    expect: Expectation,
    exchange: Exchange,
    token: string,
    body: string | undefined,
  ) {
    const key = `${config.pacing?.scope ?? ''} ${exchange.endpoint}`;
    await reserve(key, exchange.endpoint);
    let sent: Awaited<ReturnType<typeof attempt>>;
    try {
      sent = await attempt(request, expect, exchange, token, body);
    } catch (error) {
      await config.pacing?.pacer.abandon(key);
      throw error;
    }
    const { headers, status } = sent.response;
    const rateLimit = readRateLimit(headers);
    const settle = async (unreadable = false) =>
      config.pacing?.pacer.settle(key, {
        status,
        reading: rateLimit,
        retryAfterMs: parseRetryAfter(headers.get('retry-after')),
        unreadable,
      });
    return { ...sent, rateLimit, settle };
  }

  /** One request: token, attempt, and after a 401 one refresh and one retry. */
  async function send(request: ApiRequest, expect: Expectation): Promise<unknown> {
    const exchange: Exchange = { endpoint: `${request.method} ${request.path}`, writes: request.writes, tokens: [] };
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const token = await obtainToken(() => config.auth.getAccessToken(), exchange);
    let sent = await pacedAttempt(request, expect, exchange, token, body);
    if (sent.response.status === 401) {
      await sent.settle();
      await sent.response.body?.cancel().catch(() => undefined);
      const fresh = await obtainToken(() => config.auth.refreshAfterUnauthorized(token), exchange);
      sent = await pacedAttempt(request, expect, exchange, fresh, body);
    }
    const { response, signals, rateLimit, settle } = sent;
    if (response.status >= 200 && response.status < 300) {
      const value = await readSuccess(response, expect, exchange, signals).catch(async (error: unknown) => {
        await settle(true);
        throw error;
      });
      await settle();
      return value;
    }
    await settle();
    // A browser reports a redirect it did not follow as an opaque answer with status 0.
    if (response.type === 'opaqueredirect') {
      throw new MalformedResponseError({
        endpoint: exchange.endpoint,
        code: 'redirected',
        reason: 'a redirect, not followed',
      });
    }
    throw await httpError(response, exchange, rateLimit);
  }

  return {
    /** A 2xx with a JSON body matching `schema` is required. */
    json: <T>(request: ApiRequest, schema: z.ZodMiniType<T>) => send(request, { kind: 'json', schema }) as Promise<T>,
    /** Like json, but 204 or an empty 2xx body gives null. */
    jsonOrEmpty: <T>(request: ApiRequest, schema: z.ZodMiniType<T>) =>
      send(request, { kind: 'json-or-empty', schema }) as Promise<T | null>,
    /** Any 2xx is success; its body is ignored. */
    noContent: async (request: ApiRequest): Promise<void> => {
      await send(request, { kind: 'none' });
    },
    markdown: (request: ApiRequest) => send(request, { kind: 'markdown' }) as Promise<string>,
  };
}

export type Transport = ReturnType<typeof createTransport>;
