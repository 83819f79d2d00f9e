import { ApiError } from './errors.ts';

/**
 * Fixed-window rate limits per key (token, OAuth connection or client IP) and bucket: an endpoint
 * group of the spec profile, or one endpoint (METHOD + path) of the published profile. Windows are
 * aligned to the emulator clock, so advancing the clock also opens a new window.
 */

export const RATE_LIMIT_GROUPS = [
  'listByStructure',
  'listByTag',
  'listByCollection',
  'search',
  'read',
  'write',
  'token',
  'authorize',
] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];

/** `"METHOD /path"` of a published operation, or `"*"` for every published operation not named. */
export type EndpointKey = string;

export interface RateLimitSettings {
  enabled: boolean;
  /** Window length in milliseconds, the same for every group and endpoint. */
  windowMs: number;
  /** Spec profile: requests allowed per window and key, per group. */
  limits: Record<RateLimitGroup, number>;
  /** Published profile: requests allowed per window and key, per endpoint (`"*"`: the others). */
  endpointLimits: Record<EndpointKey, number>;
}

export interface RateLimitOptions {
  enabled?: boolean;
  windowMs?: number;
  limits?: Partial<Record<RateLimitGroup, number>>;
  endpointLimits?: Record<EndpointKey, number>;
}

/** Where a key stands in its current window (the published `RateLimit` header shows it). */
export interface WindowState {
  limit: number;
  /** Requests left in this window (0 once it is used up). */
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
  /** This request was over the limit. */
  exceeded: boolean;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  enabled: true,
  windowMs: 60_000,
  limits: {
    listByStructure: 120,
    listByTag: 120,
    listByCollection: 120,
    search: 300,
    read: 600,
    write: 300,
    token: 60,
    authorize: 120,
  },
  endpointLimits: { 'GET /space': 10, 'GET /space/structures': 10, 'POST /object/url': 10, '*': 30 },
};
const FALLBACK_ENDPOINT_LIMIT = 30;

const ENDPOINT_KEY = /^(?:(?:GET|POST|PATCH|DELETE) \/\S*|\*)$/;

export function mergeRateLimits(base: RateLimitSettings, options: RateLimitOptions | undefined): RateLimitSettings {
  return {
    enabled: options?.enabled ?? base.enabled,
    windowMs: options?.windowMs ?? base.windowMs,
    limits: { ...base.limits, ...options?.limits },
    endpointLimits: { ...base.endpointLimits, ...options?.endpointLimits },
  };
}

function limitError(name: string, limit: unknown): string | null {
  return typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1
    ? `${name} must be a positive integer`
    : null;
}

/** Checks an options object from the control API; returns an error message or null. */
export function rateLimitOptionsError(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'body must be an object';
  const { enabled, windowMs, limits, endpointLimits } = input as Record<string, unknown>;
  if (enabled !== undefined && typeof enabled !== 'boolean') return 'enabled must be a boolean';
  if (windowMs !== undefined && (typeof windowMs !== 'number' || !Number.isInteger(windowMs) || windowMs < 1)) {
    return 'windowMs must be a positive integer';
  }
  if (limits !== undefined) {
    if (typeof limits !== 'object' || limits === null) return 'limits must be an object';
    for (const [group, limit] of Object.entries(limits)) {
      if (!(RATE_LIMIT_GROUPS as readonly string[]).includes(group))
        return `unknown group "${group}" (${RATE_LIMIT_GROUPS.join(', ')})`;
      const problem = limitError(`limits.${group}`, limit);
      if (problem) return problem;
    }
  }
  if (endpointLimits !== undefined) {
    if (typeof endpointLimits !== 'object' || endpointLimits === null) return 'endpointLimits must be an object';
    for (const [endpoint, limit] of Object.entries(endpointLimits)) {
      if (!ENDPOINT_KEY.test(endpoint)) return `endpointLimits: "${endpoint}" is not "METHOD /path" or "*"`;
      const problem = limitError(`endpointLimits["${endpoint}"]`, limit);
      if (problem) return problem;
    }
  }
  return null;
}

export class RateLimiter {
  #settings: RateLimitSettings;
  readonly #now: () => number;
  #windows = new Map<string, { start: number; count: number }>();

  constructor(settings: RateLimitSettings, now: () => number) {
    this.#settings = settings;
    this.#now = now;
  }

  get settings(): RateLimitSettings {
    return this.#settings;
  }

  /** Replaces the settings and starts every window afresh. */
  configure(settings: RateLimitSettings): void {
    this.#settings = settings;
    this.#windows.clear();
  }

  /** Counts a request; throws 429 `cap_rate_limited` with `Retry-After` when the window is full. */
  hit(group: RateLimitGroup, key: string): void {
    if (!this.#settings.enabled) return;
    const state = this.meter(group, key, this.#settings.limits[group], true);
    if (state.exceeded) {
      const retryAfter = state.resetSeconds;
      throw new ApiError(
        'cap_rate_limited',
        `Rate limit of the "${group}" endpoints reached; retry in ${retryAfter} s`,
        {
          'Retry-After': String(retryAfter),
        },
      );
    }
  }

  /** The limit of a published endpoint (`"METHOD /path"`). */
  endpointLimit(endpoint: EndpointKey): number {
    const limits = this.#settings.endpointLimits;
    return limits[endpoint] ?? limits['*'] ?? FALLBACK_ENDPOINT_LIMIT;
  }

  /**
   * The window of `bucket` for `key`: counts this request when `count` (and the limiter is
   * enabled), then reports where the window stands. A disabled limiter reports a full window.
   */
  meter(bucket: string, key: string, limit: number, count: boolean): WindowState {
    const now = this.#now();
    const { windowMs, enabled } = this.#settings;
    const start = Math.floor(now / windowMs) * windowMs;
    const resetSeconds = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    if (!enabled) return { limit, remaining: limit, resetSeconds, exceeded: false };
    const id = `${bucket}\u0000${key}`;
    let window = this.#windows.get(id);
    if (!window || window.start !== start) {
      if (this.#windows.size > 10_000) this.#prune(start);
      window = { start, count: 0 };
      if (count) this.#windows.set(id, window);
    }
    if (count) window.count++;
    return { limit, remaining: Math.max(0, limit - window.count), resetSeconds, exceeded: window.count > limit };
  }

  #prune(currentStart: number): void {
    for (const [id, window] of this.#windows) if (window.start !== currentStart) this.#windows.delete(id);
  }
}
