import type { z } from 'zod/mini';
import {
  type ApiError,
  ForbiddenError,
  InvalidInputError,
  MalformedResponseError,
  NotAuthenticatedError,
  NotFoundError,
  parseRetryAfter,
  RateLimitedError,
  ServerError,
} from './errors';
import { networkFailure, type RequestSignals } from './network';
import type { RateLimitReading } from './rate-limit-headers';
import { type ApiErrorBody, apiErrorBodySchema } from './schemas/error-bodies';
import { describeIssues } from './schemas/issues';
import { markdownExportSchema } from './schemas/objects';

/**
 * Reading the server's answer: a 2xx as the caller expects it (anything unreadable is a
 * MalformedResponseError), anything else as its error class, with the server's own words.
 */

/** How a 2xx answer is read. */
export type Expectation =
  /** A JSON body is required. */
  | { kind: 'json'; schema: z.ZodMiniType }
  /** 204 or an empty body gives null; otherwise a JSON body. */
  | { kind: 'json-or-empty'; schema: z.ZodMiniType }
  /** Any 2xx; the body is ignored. */
  | { kind: 'none' }
  /** JSON `{ markdown }`, or a text/markdown or text/plain body (tests/emulator/README.md, GET /object/markdown). */
  | { kind: 'markdown' };

function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => (secret === '' ? result : result.split(secret).join('[redacted]')), text);
}

const MAX_SERVER_MESSAGE = 300;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** What one request needs to describe its failures. */
export interface Exchange {
  endpoint: string;
  writes: boolean;
  /** Every token used, so a server that echoes one back cannot leak it into an error message. */
  tokens: string[];
}

/** Reads a 2xx answer as `expect` says; anything unreadable is a MalformedResponseError. */
export async function readSuccess(
  response: Response,
  expect: Expectation,
  exchange: Exchange,
  signals: RequestSignals,
): Promise<unknown> {
  const malformed = (reason: string) =>
    new MalformedResponseError({
      endpoint: exchange.endpoint,
      status: response.status,
      reason,
      mayHaveBeenApplied: exchange.writes,
    });
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The server answered but the body was cut off (connection dropped, timeout mid-body).
    throw networkFailure(error, { ...exchange, signals, answered: true });
  }
  const contentType = response.headers.get('content-type')?.toLowerCase() ?? '';
  if (expect.kind === 'none') {
    // Any JSON (or nothing) is a success; an HTML page with 200 is a proxy or portal talking, not
    // the service, so the write may not have happened and must be checked, not trusted.
    if (text.trim() === '') return undefined;
    if (contentType.startsWith('text/html') || /^\s*</.test(text)) throw malformed('an HTML page instead of JSON');
    try {
      JSON.parse(text);
    } catch {
      throw malformed('invalid JSON');
    }
    return undefined;
  }
  if (expect.kind === 'markdown' && /^text\/(markdown|plain)\b/.test(contentType)) return text;
  if (text.trim() === '') {
    if (expect.kind === 'json-or-empty') return null;
    throw malformed(`empty body (HTTP ${response.status})`);
  }
  if (contentType.startsWith('text/html') || /^\s*</.test(text)) throw malformed('an HTML page instead of JSON');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw malformed('invalid JSON');
  }
  const schema = expect.kind === 'markdown' ? markdownExportSchema : expect.schema;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw malformed(describeIssues(parsed.error));
  return expect.kind === 'markdown' ? (parsed.data as { markdown: string }).markdown : parsed.data;
}

/**
 * A non-2xx answer as its error class. The status decides the class and the body only adds code
 * and message, so any code string and any 4xx for invalid input work (README decisions table).
 */
export async function httpError(
  response: Response,
  exchange: Exchange,
  rateLimit: RateLimitReading | undefined,
): Promise<ApiError> {
  const { status } = response;
  const body = await readErrorBody(response);
  const scrub = (text: string | undefined) => (text === undefined ? undefined : redact(text, exchange.tokens));
  const init = { endpoint: exchange.endpoint, status, code: scrub(body.code) };
  if (status === 401) return new NotAuthenticatedError(init);
  if (status === 403) return new ForbiddenError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 429) {
    // The published service promises a RateLimit header, not a Retry-After: its reset comes first.
    const retryAfterMs = rateLimit?.resetMs ?? parseRetryAfter(response.headers.get('retry-after'));
    return new RateLimitedError({ ...init, retryAfterMs });
  }
  if (status >= 400 && status < 500) {
    const detail = scrub(body.message)?.slice(0, MAX_SERVER_MESSAGE);
    return new InvalidInputError({ ...init, detail });
  }
  if (REDIRECT_STATUSES.has(status)) {
    // Not followed: the request carries a bearer token, and a redirect may point anywhere.
    return new MalformedResponseError({
      ...init,
      code: 'redirected',
      reason: `a redirect (HTTP ${status}), not followed`,
    });
  }
  if (status >= 500) {
    // A gateway that timed out or failed upstream does not know whether the write happened.
    return new ServerError({ ...init, mayHaveBeenApplied: exchange.writes && (status === 502 || status === 504) });
  }
  return new MalformedResponseError({
    ...init,
    reason: `unexpected HTTP status ${status}`,
    mayHaveBeenApplied: exchange.writes,
  });
}

/** Reads an error body in any accepted shape; an unreadable or non-JSON body yields no details. */
async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  const none: ApiErrorBody = { code: undefined, message: undefined };
  let text: string;
  try {
    text = await response.text();
  } catch {
    return none;
  }
  try {
    const parsed = apiErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : none;
  } catch {
    return none;
  }
}
