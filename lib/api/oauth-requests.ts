import * as oauth from 'oauth4webapi';
import { isLoopbackHost } from './base-url';
import { ApiError, MalformedResponseError, OAuthError, parseRetryAfter, RateLimitedError, ServerError } from './errors';
import { networkFailure, requestSignals } from './network';
import { oauthErrorBodySchema } from './schemas/error-bodies';
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

/** Maps oauth4webapi's errors (and the HTTP failures it reports) to the API error hierarchy. */
async function toApiError(error: unknown, exchange: Exchange): Promise<ApiError> {
  const { endpoint, writes } = exchange;
  if (error instanceof ApiError) return error;
  if (error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) {
    const status = error instanceof oauth.ResponseBodyError ? error.status : undefined;
    return new OAuthError({ endpoint, status, code: error.error, description: error.error_description });
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    // e.g. invalid_client as 401 + WWW-Authenticate: the JSON body still names the error.
    const body = oauthErrorBodySchema.safeParse(await error.response.json().catch(() => undefined));
    const code = body.data?.error ?? error.cause[0]?.parameters.error ?? 'invalid_client';
    return new OAuthError({ endpoint, status: error.status, code, description: body.data?.error_description });
  }
  const response =
    error instanceof oauth.OperationProcessingError && error.cause instanceof Response ? error.cause : undefined;
  if (response && response.status === 429) {
    return new RateLimitedError({ endpoint, retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) });
  }
  if (response && response.status >= 500) {
    const mayHaveBeenApplied = writes && (response.status === 502 || response.status === 504);
    return new ServerError({ endpoint, status: response.status, mayHaveBeenApplied });
  }
  return new MalformedResponseError({
    endpoint,
    status: response?.status,
    reason: error instanceof Error ? error.message : 'unreadable answer',
    // Refused before sending (e.g. a plain-http endpoint), or a 4xx that is not OAuth JSON: not applied.
    mayHaveBeenApplied: writes && exchange.sent && (response === undefined || response.ok),
    cause: error,
  });
}

export async function guarded<T>(exchange: Exchange, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error, exchange);
  }
}
