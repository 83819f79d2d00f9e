import * as oauth from 'oauth4webapi';
import type { z } from 'zod/mini';
import { isLoopbackHost } from './base-url';
import { ApiError, MalformedResponseError, OAuthError, parseRetryAfter, RateLimitedError, ServerError } from './errors';
import { networkFailure, requestSignals } from './network';
import { oauthErrorBodySchema } from './schemas/error-bodies';
import { describeIssues } from './schemas/issues';
import type { OAuthServerMetadata } from './schemas/oauth';

/**
 * How each OAuth request is made and how its failures read: the options oauth4webapi is given (a
 * timeout, no redirects followed, HTTP only on loopback) and the mapping of what it throws to the
 * API error hierarchy.
 */

/** What a caller may set for one OAuth request. */
export interface OAuthCallOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Default 20 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

export function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
}

export function asServer(metadata: OAuthServerMetadata): oauth.AuthorizationServer {
  return metadata;
}

export function asClient(clientId: string): oauth.Client {
  return { client_id: clientId };
}

/** One OAuth request: its label, whether it changes state, and whether anything went out yet. */
export interface Exchange {
  endpoint: string;
  writes: boolean;
  sent: boolean;
}

/** A redirect answer (a browser reports a redirect it did not follow as `opaqueredirect`, status 0). */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

/**
 * Options for oauth4webapi: the caller's fetch with timeout and signal, failures mapped to API
 * errors. No request follows a redirect: a redirect would carry a code, a refresh token or a
 * token to revoke to an address that discovery did not name.
 */
export function requestOptions(exchange: Exchange, url: string, options: OAuthCallOptions | undefined) {
  const signals = requestSignals(options?.timeoutMs ?? DEFAULT_TIMEOUT_MS, options?.signal);
  const doFetch = options?.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    signal: signals.signal,
    [oauth.allowInsecureRequests]: isLoopbackHttp(url),
    [oauth.customFetch]: async (input: string, init: RequestInit): Promise<Response> => {
      exchange.sent = true;
      let response: Response;
      try {
        response = await doFetch(input, { ...init, redirect: 'manual', credentials: 'omit', cache: 'no-store' });
      } catch (error) {
        throw networkFailure(error, { ...exchange, signals, answered: false });
      }
      if (isRedirect(response)) {
        throw new MalformedResponseError({
          endpoint: exchange.endpoint,
          status: response.status || undefined,
          // The same code as the API client's (lib/api/transport.ts): one text for the person.
          code: 'redirected',
          reason: `a redirect${response.status ? ` (HTTP ${response.status})` : ''}, not followed`,
        });
      }
      return response;
    },
  };
}

/**
 * An OAuth endpoint's answer (discovery, token, revocation), read here rather than by oauth4webapi's
 * `process*Response`, which carry OpenID Connect's ID-token validation this public client never
 * uses (about 4 KB gzip of the background's 45 KB budget): a 2xx body its schema accepts (none for
 * a revocation), else the error the answer names, in the API error hierarchy.
 */
export async function readOAuthAnswer<T>(
  exchange: Exchange,
  response: Response,
  schema: z.ZodMiniType<T> | null,
): Promise<T | undefined> {
  const { endpoint, writes } = exchange;
  const { status } = response;
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    if (schema === null) return undefined;
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    const reason = json === undefined ? 'not JSON' : describeIssues(parsed.error);
    throw new MalformedResponseError({ endpoint, status, reason, mayHaveBeenApplied: writes });
  }
  if (status === 429) {
    throw new RateLimitedError({ endpoint, retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) });
  }
  if (status >= 500) {
    throw new ServerError({ endpoint, status, mayHaveBeenApplied: writes && (status === 502 || status === 504) });
  }
  // RFC 6749 5.2: `{error, error_description}`; invalid_client may come as 401 with a challenge only.
  const body = oauthErrorBodySchema.safeParse(json).data;
  const challenge = /\berror="?([\w.-]+)/.exec(response.headers.get('www-authenticate') ?? '')?.[1];
  const code = body?.error ?? challenge ?? (status === 401 ? 'invalid_client' : undefined);
  if (code !== undefined) throw new OAuthError({ endpoint, status, code, description: body?.error_description });
  throw new MalformedResponseError({ endpoint, status, reason: `unexpected HTTP status ${status}` });
}

/** Maps what oauth4webapi throws before or while sending (and anything else) to the API error hierarchy. */
function toApiError(error: unknown, exchange: Exchange): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof oauth.AuthorizationResponseError) {
    return new OAuthError({ endpoint: exchange.endpoint, code: error.error, description: error.error_description });
  }
  return new MalformedResponseError({
    endpoint: exchange.endpoint,
    reason: error instanceof Error ? error.message : 'unreadable answer',
    // Refused before sending (e.g. a plain-http endpoint): not applied.
    mayHaveBeenApplied: exchange.writes && exchange.sent,
    cause: error,
  });
}

export async function guarded<T>(exchange: Exchange, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toApiError(error, exchange);
  }
}
