import { ApiError } from './errors.ts';

/**
 * Fixed-window rate limits per key (token, OAuth connection or client IP) and endpoint group.
 * Windows are aligned to the emulator clock, so advancing the clock also opens a new window.
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

export interface RateLimitSettings {
  enabled: boolean;
  /** Window length in milliseconds, the same for every group. */
  windowMs: number;
  /** Requests allowed per window and key, per group. */
  limits: Record<RateLimitGroup, number>;
}

export interface RateLimitOptions {
  enabled?: boolean;
  windowMs?: number;
  limits?: Partial<Record<RateLimitGroup, number>>;
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
};

export function mergeRateLimits(base: RateLimitSettings, options: RateLimitOptions | undefined): RateLimitSettings {
  return {
    enabled: options?.enabled ?? base.enabled,
    windowMs: options?.windowMs ?? base.windowMs,
    limits: { ...base.limits, ...options?.limits },
  };
}

/** Checks an options object from the control API; returns an error message or null. */
export function rateLimitOptionsError(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'body must be an object';
  const { enabled, windowMs, limits } = input as Record<string, unknown>;
  if (enabled !== undefined && typeof enabled !== 'boolean') return 'enabled must be a boolean';
  if (windowMs !== undefined && (typeof windowMs !== 'number' || !Number.isInteger(windowMs) || windowMs < 1)) {
    return 'windowMs must be a positive integer';
  }
  if (limits === undefined) return null;
  if (typeof limits !== 'object' || limits === null) return 'limits must be an object';
  for (const [group, limit] of Object.entries(limits)) {
    if (!(RATE_LIMIT_GROUPS as readonly string[]).includes(group))
      return `unknown group "${group}" (${RATE_LIMIT_GROUPS.join(', ')})`;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
      return `limits.${group} must be a positive integer`;
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
    const now = this.#now();
    const { windowMs } = this.#settings;
    const start = Math.floor(now / windowMs) * windowMs;
    const id = `${group}\u0000${key}`;
    let window = this.#windows.get(id);
    if (!window || window.start !== start) {
      if (this.#windows.size > 10_000) this.#prune(start);
      window = { start, count: 0 };
      this.#windows.set(id, window);
    }
    window.count++;
    if (window.count > this.#settings.limits[group]) {
      const retryAfter = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
      throw new ApiError(
        'cap_rate_limited',
        `Rate limit of the "${group}" endpoints reached; retry in ${retryAfter} s`,
        {
          'Retry-After': String(retryAfter),
        },
      );
    }
  }

  #prune(currentStart: number): void {
    for (const [id, window] of this.#windows) if (window.start !== currentStart) this.#windows.delete(id);
  }
}
