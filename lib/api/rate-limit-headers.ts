import { serverWait } from './server-wait';

/**
 * Reading a server's rate-limit announcement. The published reference promises one header in the
 * IETF draft's early form, `RateLimit: limit=10, remaining=9, reset=58` (reset in seconds); the
 * draft's later forms and the common vendor headers are read too, so a server that changes its
 * spelling is still paced rather than run into 429s:
 * - `RateLimit: "default";r=9;t=58` with `RateLimit-Policy: "default";q=10;w=60` (draft 08+),
 * - `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (drafts 00–06),
 * - `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (reset in seconds).
 * A reset the server-wait rules do not believe (an epoch time, say) makes the whole announcement
 * tell nothing. Fields are read without backtracking patterns, and a long one not at all.
 */

export interface RateLimitReading {
  /** Requests allowed per window, when the server says. */
  limit: number | undefined;
  /** Requests left in the current window, this one counted. */
  remaining: number;
  /** Milliseconds until the window starts again, within the server-wait bounds. */
  resetMs: number;
}

/** Real fields are a few dozen characters; a longer one is no announcement. */
const MAX_FIELD_LENGTH = 256;

function wholeNumber(value: string | null | undefined): number | undefined {
  if (value == null || value.length > MAX_FIELD_LENGTH) return undefined;
  const trimmed = value.trim().replace(/^"|"$/g, '');
  return /^\d{1,16}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** `a=1, b=2` or `"policy";a=1;b=2` (the first item of a list), as a map of the members. */
function members(field: string): Map<string, string> {
  const map = new Map<string, string>();
  if (field.length > MAX_FIELD_LENGTH) return map;
  for (const [index, item] of field.split(',').entries()) {
    // A list of policies: `"default";r=1, "daily";r=9`. Only the first is read.
    if (index > 0 && item.trimStart().startsWith('"')) break;
    for (const part of item.split(';')) {
      const at = part.indexOf('=');
      const name = part.slice(0, at).trim().toLowerCase();
      if (at > 0 && /^[a-z][\w-]*$/.test(name)) map.set(name, part.slice(at + 1));
    }
  }
  return map;
}

function reading(limit: number | undefined, remaining: number | undefined, reset: number | undefined) {
  const resetMs = reset === undefined ? undefined : serverWait(reset);
  return remaining === undefined || resetMs === undefined ? undefined : { limit, remaining, resetMs };
}

function fromCombinedHeader(headers: Headers): RateLimitReading | undefined {
  const header = headers.get('ratelimit');
  if (header === null) return undefined;
  const fields = members(header);
  const policy = headers.get('ratelimit-policy') ?? '';
  const policyLimit = wholeNumber(members(policy).get('q') ?? policy.split(/[;,]/)[0]);
  return reading(
    wholeNumber(fields.get('limit')) ?? policyLimit,
    wholeNumber(fields.get('remaining') ?? fields.get('r')),
    wholeNumber(fields.get('reset') ?? fields.get('t')),
  );
}

function fromSeparateHeaders(headers: Headers, prefix: string): RateLimitReading | undefined {
  const field = (name: string) => wholeNumber(headers.get(prefix + name));
  return reading(field('limit'), field('remaining'), field('reset'));
}

/** What the answer says of the endpoint's rate limit, or undefined when it says nothing believable. */
export function readRateLimit(headers: Headers): RateLimitReading | undefined {
  return (
    fromCombinedHeader(headers) ??
    fromSeparateHeaders(headers, 'ratelimit-') ??
    fromSeparateHeaders(headers, 'x-ratelimit-')
  );
}
