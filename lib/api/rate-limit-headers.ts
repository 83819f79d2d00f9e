/**
 * Reading a server's rate-limit announcement. The published reference promises one header in the
 * IETF draft's early form, `RateLimit: limit=10, remaining=9, reset=58` (reset in seconds); the
 * draft's later forms and the common vendor headers are read too, so a server that changes its
 * spelling is still paced rather than run into 429s:
 * - `RateLimit: "default";r=9;t=58` with `RateLimit-Policy: "default";q=10;w=60` (draft 08+),
 * - `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (drafts 00–06),
 * - `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (reset in seconds, or an
 *   epoch time in seconds when it is that large).
 */

export interface RateLimitReading {
  /** Requests allowed per window, when the server says. */
  limit: number | undefined;
  /** Requests left in the current window, this one counted. */
  remaining: number;
  /** Milliseconds until the window starts again. */
  resetMs: number;
}

/** Epoch seconds are far larger than any window; smaller values are delta-seconds. */
const EPOCH_SECONDS_FLOOR = 1_000_000_000;

function wholeNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim().replace(/^"|"$/g, '');
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

function secondsToMs(seconds: number, nowMs: number): number {
  return seconds >= EPOCH_SECONDS_FLOOR ? Math.max(0, seconds * 1000 - nowMs) : seconds * 1000;
}

/** `a=1, b=2` or `"policy";a=1;b=2` (the first item of a list), as a map of the numeric members. */
function members(field: string): Map<string, string> {
  const first = field.split(/,(?=\s*"[^"]*"\s*;)/)[0] ?? '';
  const map = new Map<string, string>();
  for (const part of first.split(/[;,]/)) {
    const match = /^\s*([a-z][a-z0-9_-]*)\s*=\s*(.+?)\s*$/i.exec(part);
    if (match?.[1] && match[2] !== undefined) map.set(match[1].toLowerCase(), match[2]);
  }
  return map;
}

function fromCombinedHeader(headers: Headers, nowMs: number): RateLimitReading | undefined {
  const header = headers.get('ratelimit');
  if (header === null) return undefined;
  const fields = members(header);
  const remaining = wholeNumber(fields.get('remaining') ?? fields.get('r'));
  const reset = wholeNumber(fields.get('reset') ?? fields.get('t'));
  if (remaining === undefined || reset === undefined) return undefined;
  const policy = headers.get('ratelimit-policy');
  const policyLimit = policy === null ? undefined : wholeNumber(members(policy).get('q') ?? policy.split(/[;,]/)[0]);
  return { limit: wholeNumber(fields.get('limit')) ?? policyLimit, remaining, resetMs: secondsToMs(reset, nowMs) };
}

function fromSeparateHeaders(headers: Headers, prefix: string, nowMs: number): RateLimitReading | undefined {
  const remaining = wholeNumber(headers.get(`${prefix}remaining`) ?? undefined);
  const reset = wholeNumber(headers.get(`${prefix}reset`) ?? undefined);
  if (remaining === undefined || reset === undefined) return undefined;
  return {
    limit: wholeNumber(headers.get(`${prefix}limit`) ?? undefined),
    remaining,
    resetMs: secondsToMs(reset, nowMs),
  };
}

/** What the answer says of the endpoint's rate limit, or undefined when it says nothing readable. */
export function readRateLimit(headers: Headers, nowMs: number = Date.now()): RateLimitReading | undefined {
  return (
    fromCombinedHeader(headers, nowMs) ??
    fromSeparateHeaders(headers, 'ratelimit-', nowMs) ??
    fromSeparateHeaders(headers, 'x-ratelimit-', nowMs)
  );
}
