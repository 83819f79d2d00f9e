import { serverWait } from './server-wait';

/**
 * One error hierarchy for everything the API module can fail with. Callers branch on `kind` and
 * `code` (they survive extension messaging, `instanceof` does not). `message` is for developers;
 * what a person reads comes from `describeError` (lib/error-text.ts), from the error's data.
 */

export type ApiErrorKind =
  | 'not_authenticated'
  | 'forbidden'
  | 'not_found'
  | 'invalid_input'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'aborted'
  | 'malformed_response'
  | 'oauth';

export interface ApiErrorInit {
  /** `METHOD /path` of the request, or a local operation name; never a full URL with a token. */
  endpoint: string;
  status?: number | undefined;
  code?: string | undefined;
  mayHaveBeenApplied?: boolean | undefined;
  /** Values a person's text is built from (e.g. sizes), for errors with a code of their own. */
  params?: string[] | undefined;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  /**
   * True when a write may have reached the server while its answer was lost or unreadable. The
   * outbox looks for the result before resending, so a clip is never saved twice.
   */
  readonly mayHaveBeenApplied: boolean;
  readonly params: string[] | undefined;

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.kind = kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = init.code;
    this.mayHaveBeenApplied = init.mayHaveBeenApplied ?? false;
    this.params = init.params;
  }
}

export class NotAuthenticatedError extends ApiError {
  constructor(init: ApiErrorInit & { message?: string }) {
    super('not_authenticated', init.message ?? 'not authenticated: signed out, or an expired or revoked token', {
      ...init,
      status: init.status ?? 401,
    });
  }
}

export class ForbiddenError extends ApiError {
  constructor(init: ApiErrorInit) {
    super('forbidden', 'forbidden: the token may be read-only', { ...init, status: init.status ?? 403 });
  }
}

export class NotFoundError extends ApiError {
  constructor(init: ApiErrorInit) {
    super('not_found', 'not found in this space (deleted, in the trash, or of another space)', {
      ...init,
      status: init.status ?? 404,
    });
  }
}

export class InvalidInputError extends ApiError {
  /** The server's own explanation (or the local check's), without the generic prefix; none when the server gave none. */
  readonly detail: string | undefined;

  constructor(init: ApiErrorInit & { detail: string | undefined }) {
    const prefix = init.status === undefined ? 'Not sent' : 'The workspace refused the request';
    super('invalid_input', `${prefix}: ${init.detail ?? `HTTP ${init.status}`}`, init);
    this.detail = init.detail;
  }
}

export class RateLimitedError extends ApiError {
  /** When the endpoint may be called again, as the server said (or the pacer knows); undefined: unknown. */
  readonly retryAfterMs: number | undefined;
  /** Refused here, before sending, because the server's announced budget was used up (nothing was sent). */
  readonly paced: boolean;

  constructor(init: ApiErrorInit & { retryAfterMs: number | undefined; paced?: boolean }) {
    const wait =
      init.retryAfterMs === undefined ? 'in a moment' : `in ${Math.max(1, Math.ceil(init.retryAfterMs / 1000))} s`;
    super('rate_limited', `rate limited; try again ${wait}`, {
      ...init,
      status: init.status ?? (init.paced ? undefined : 429),
    });
    this.retryAfterMs = init.retryAfterMs;
    this.paced = init.paced ?? false;
  }
}

export class ServerError extends ApiError {
  constructor(init: ApiErrorInit & { status: number }) {
    super('server', `server error (HTTP ${init.status})`, init);
  }
}

export class NetworkError extends ApiError {
  readonly timedOut: boolean;

  constructor(init: ApiErrorInit & { timedOut: boolean; timeoutMs?: number }) {
    const message = init.timedOut
      ? `no answer in time${init.timeoutMs === undefined ? '' : ` (${Math.round(init.timeoutMs / 1000)} s)`}`
      : 'could not reach the service';
    super('network', message, init);
    this.timedOut = init.timedOut;
  }
}

/** The caller cancelled the request through its AbortSignal. */
export class AbortedError extends ApiError {
  constructor(init: ApiErrorInit) {
    super('aborted', 'cancelled', init);
  }
}

export class MalformedResponseError extends ApiError {
  /** Short technical reason (e.g. "invalid JSON", "properties.title: expected object"). */
  readonly reason: string;

  constructor(init: ApiErrorInit & { reason: string }) {
    super('malformed_response', `unreadable answer (${init.endpoint}: ${init.reason})`, init);
    this.reason = init.reason;
  }
}

/** OAuth errors (RFC 6749 §5.2, §4.1.2.1) that say "try again later", not "sign in again". */
const TRANSIENT_OAUTH_ERRORS: ReadonlySet<string> = new Set(['server_error', 'temporarily_unavailable']);

export function isTransientOAuthError(code: string | undefined): boolean {
  return code !== undefined && TRANSIENT_OAUTH_ERRORS.has(code);
}

export class OAuthError extends ApiError {
  /** The server's `error_description`, for diagnostics. */
  readonly description: string | undefined;

  constructor(init: ApiErrorInit & { code: string; description?: string | undefined }) {
    super('oauth', `OAuth error ${init.code}${init.description ? `: ${init.description}` : ''}`, init);
    this.description = init.description;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Plain JSON form of an ApiError, for extension messaging and storage: the data a person's text is
 * built from travels as data (`detail`, `reason`, `params`), never to be cut out of `message`.
 */
export interface SerializedApiError {
  kind: ApiErrorKind;
  /** For developers (logs, the clip's event list); never shown as it is. */
  message: string;
  endpoint: string;
  status?: number;
  code?: string;
  /** Invalid input: the server's own explanation, or the local check's. */
  detail?: string;
  /** A malformed answer: the short technical reason. */
  reason?: string;
  params?: string[];
  retryAfterMs?: number;
  timedOut?: boolean;
  mayHaveBeenApplied: boolean;
}

export function serializeApiError(error: ApiError): SerializedApiError {
  return {
    kind: error.kind,
    message: error.message,
    endpoint: error.endpoint,
    mayHaveBeenApplied: error.mayHaveBeenApplied,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error instanceof InvalidInputError && error.detail !== undefined ? { detail: error.detail } : {}),
    ...(error instanceof MalformedResponseError ? { reason: error.reason } : {}),
    ...(error.params === undefined ? {} : { params: error.params }),
    ...(error instanceof RateLimitedError && error.retryAfterMs !== undefined
      ? { retryAfterMs: error.retryAfterMs }
      : {}),
    ...(error instanceof NetworkError ? { timedOut: error.timedOut } : {}),
  };
}

/**
 * `Retry-After` as delta-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from `now` within the
 * server-wait bounds (server-wait.ts); undefined when absent, unreadable or not believable.
 */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  // Real values are a number or a date of 29 characters: a longer one is not read at all.
  if (header === null || header.length > 64) return undefined;
  const value = header.trim();
  // HTTP dates always name a month and GMT; this keeps Date.parse from reading "-5" as a year.
  const date = /GMT$/i.test(value) ? Date.parse(value) : Number.NaN;
  // A date already past means "now": the shortest wait.
  return serverWait(/^\d+$/.test(value) ? Number(value) : Math.max(0, Math.ceil((date - now) / 1000)));
}
