import type { RateLimitReading } from './rate-limit-headers';
import { backoff, LONGEST_WAIT_MS } from './server-wait';

/**
 * Keeps requests inside the budget a server announces, so they are held back here instead of
 * being refused there. The published service counts per token and per endpoint in 60-second
 * windows and says what is left on every answer (`RateLimit`); a key is therefore "who" (the
 * connection) plus "which endpoint". A server that announces nothing is not paced until it answers
 * 429, and then the endpoint waits as long as the answer says (its reset, else `Retry-After`, both
 * bounded by server-wait.ts, else a back-off that grows with every failure in a row).
 *
 * Whatever a server answers, an endpoint gets fewer than 15 failed answers a minute (429s, 5xx,
 * unreadable answers): once as many failed or are on their way, it waits until the oldest failure
 * is a minute old. Every request of the background passes here (the outbox's and the popup's),
 * and the count is kept with the windows, so neither another caller nor a restart resets it.
 *
 * The windows are kept in a store, so a service worker that was stopped and started again still
 * knows an endpoint's budget is spent; requests in flight are counted in memory only, since none
 * survive a stop.
 */

export interface PaceWindow {
  /** The window's size, when the server said. */
  limit?: number;
  /** Requests left in the window as last announced, less those started since. */
  remaining?: number;
  /** When the window starts again (ms epoch); the budget is unknown after that. */
  resetAt: number;
  /** After a 429: no request before this (ms epoch). */
  blockedUntil: number;
  /** Failed answers in a row: the back-off after a 429 that tells nothing grows with them. */
  strikes: number;
  /** When the last failed answers came (ms epoch), at most FAILURE_LIMIT of the last minute. */
  failures?: number[];
}

export interface PacingStore {
  load(): Promise<Record<string, PaceWindow>>;
  save(windows: Record<string, PaceWindow>): Promise<void>;
}

export interface PacerOptions {
  store?: PacingStore;
  now?: () => number;
  random?: () => number;
}

/** How a request takes its place in the budget. */
export interface ReserveOptions {
  /**
   * Requests of the window left for others: a request that can wait for a better moment (the
   * popup's "already saved" lookup) goes only while more than this many are left, so the outbox's
   * sends never wait behind it.
   */
  leave?: number;
}

/** What an answer said, for `settle`. */
export interface AnswerInfo {
  status: number;
  reading: RateLimitReading | undefined;
  /** `Retry-After`, when the answer had a believable one. */
  retryAfterMs: number | undefined;
  /** A 2xx whose body could not be read (or did not arrive): a failure like a 5xx. */
  unreadable?: boolean;
}

/** Failed answers (and requests on their way) an endpoint may have within FAILURE_WINDOW_MS. */
const FAILURE_LIMIT = 14;
const FAILURE_WINDOW_MS = 60_000;

/** Neither a success nor the server's considered refusal (401, 400, 404 …): a 429, 5xx, 3xx or unreadable answer. */
function isFailure({ status, unreadable }: AnswerInfo): boolean {
  return status === 429 || (status >= 200 && status < 300 ? unreadable === true : status < 400 || status >= 500);
}

export function createPacer(options: PacerOptions = {}) {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const windows = new Map<string, PaceWindow>();
  const inFlight = new Map<string, number>();
  let loading: Promise<void> | undefined;
  /** What the store holds as far as this pacer knows (JSON), so an unchanged state is not written again. */
  let stored: string | undefined;
  /** The write running, and the one queued behind it that will write the state as it is by then. */
  let writing: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  /**
   * Reads the store once per worker. Every request and every look at a waiting clip asks the pacer
   * (a drain of 500 clips asks thousands of times): a storage read each was a tenth of the worker's time.
   */
  function load(): Promise<void> {
    loading ??= (options.store?.load() ?? Promise.resolve<Record<string, PaceWindow>>({})).then(
      (read) => {
        stored = JSON.stringify(read);
        // A window that holds an endpoint back longer than any answer may (kept before waits were
        // bounded, or before the clock was set back) is forgotten.
        const latest = now() + LONGEST_WAIT_MS;
        for (const [key, window] of Object.entries(read)) {
          if (!windows.has(key) && Math.max(window.resetAt, window.blockedUntil) <= latest) windows.set(key, window);
        }
      },
      // An unreadable store only means starting without memory: the server still says what is left.
      () => undefined,
    );
    return loading;
  }

  /** The window's failures of the last minute (older ones are forgotten). */
  function recentFailures(window: PaceWindow, at: number): number[] {
    if (window.failures) window.failures = window.failures.filter((time) => time > at - FAILURE_WINDOW_MS);
    return window.failures ?? [];
  }

  /** The windows worth keeping: those that still hold requests back or remember failures. */
  function keptWindows(): Record<string, PaceWindow> {
    const at = now();
    const kept: Record<string, PaceWindow> = {};
    for (const [key, window] of windows) {
      if (window.resetAt > at || window.blockedUntil > at || window.strikes > 0 || recentFailures(window, at)[0]) {
        kept[key] = window;
      } else windows.delete(key);
    }
    return kept;
  }

  async function write(store: PacingStore): Promise<void> {
    const kept = keptWindows();
    const text = JSON.stringify(kept);
    // A server that announces nothing leaves nothing to keep after each answer: no write at all.
    if (text === stored) return;
    try {
      await store.save(kept);
      stored = text;
    } catch {
      // Pacing is an optimisation: a failed write costs at most a 429 after a restart.
    }
  }

  /**
   * Writes the windows; resolves once a write that includes the current state is done. Answers
   * come faster than storage writes, so one write runs at a time and the next writes whatever the
   * state is when it starts: a burst of answers costs two writes, not one each.
   */
  function persist(): Promise<void> {
    const store = options.store;
    if (!store) return Promise.resolve();
    if (queued) return queued;
    if (!writing) {
      const running: Promise<void> = write(store).finally(() => {
        if (writing === running) writing = undefined;
      });
      writing = running;
      return running;
    }
    const next: Promise<void> = writing.then(() => {
      queued = undefined;
      return persist();
    });
    queued = next;
    return next;
  }

  /**
   * When a request to `key` could start (ms epoch), or 0 when it may start at once. Never "now":
   * a caller compares with a time it read a moment earlier, and must not see a free endpoint as
   * due a millisecond later.
   */
  function readyAtNow(key: string, at: number): number {
    const window = windows.get(key);
    if (!window) return 0;
    const running = inFlight.get(key) ?? 0;
    const failures = recentFailures(window, at);
    const over = failures.length + running - FAILURE_LIMIT;
    if (over >= 0) return (failures[over] ?? at) + FAILURE_WINDOW_MS;
    if (window.blockedUntil > at) return window.blockedUntil;
    if (window.resetAt <= at || window.remaining === undefined) return 0;
    return window.remaining - running > 0 ? 0 : window.resetAt;
  }

  /** Whether the endpoint's window, as last announced, has more than `leave` requests left. */
  function roomBeyond(key: string, leave: number, at: number): boolean {
    const window = windows.get(key);
    if (!window || window.resetAt <= at || window.remaining === undefined) return true;
    return window.remaining - (inFlight.get(key) ?? 0) > leave;
  }

  return {
    /** When a request to `key` may go (ms epoch), or 0 when it may go at once. */
    async readyAt(key: string): Promise<number> {
      await load();
      return readyAtNow(key, now());
    },

    /**
     * Reserves a request to `key`: 0 when it may go now (call `settle` or `abandon` after), else how
     * many ms to wait (nothing is reserved then).
     */
    async reserve(key: string, options: ReserveOptions = {}): Promise<number> {
      await load();
      const at = now();
      const ready = readyAtNow(key, at);
      if (ready > at) return ready - at;
      const leave = options.leave ?? 0;
      if (leave > 0 && !roomBeyond(key, leave, at)) return Math.max(1, (windows.get(key)?.resetAt ?? at) - at);
      // Free (0), or due this very moment.
      inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      return 0;
    },

    /** A reserved request was answered: what the answer says replaces what was known. */
    async settle(key: string, answer: AnswerInfo): Promise<void> {
      const at = now();
      const running = Math.max(0, (inFlight.get(key) ?? 1) - 1);
      inFlight.set(key, running);
      const previous = windows.get(key);
      const window: PaceWindow = previous ? { ...previous } : { resetAt: at, blockedUntil: 0, strikes: 0 };
      const { reading } = answer;
      if (reading) {
        if (reading.limit !== undefined) window.limit = reading.limit;
        // Requests still running were probably not counted in this answer yet: count them now.
        window.remaining = Math.max(0, reading.remaining - running);
        window.resetAt = at + reading.resetMs;
      } else if (window.remaining !== undefined && window.resetAt > at) {
        window.remaining = Math.max(0, window.remaining - 1);
      }
      if (isFailure(answer)) {
        window.strikes += 1;
        window.failures = [...recentFailures(window, at), at].slice(-FAILURE_LIMIT);
      } else {
        window.strikes = 0;
        window.blockedUntil = 0;
      }
      if (answer.status === 429) {
        window.remaining = 0;
        window.blockedUntil = at + (reading?.resetMs ?? answer.retryAfterMs ?? backoff(window.strikes, random));
        window.resetAt = Math.max(window.resetAt, window.blockedUntil);
      }
      windows.set(key, window);
      await persist();
    },

    /** A reserved request failed without an answer: it may have been counted, so one less is left. */
    async abandon(key: string): Promise<void> {
      inFlight.set(key, Math.max(0, (inFlight.get(key) ?? 1) - 1));
      const window = windows.get(key);
      if (window?.remaining !== undefined && window.resetAt > now()) {
        window.remaining = Math.max(0, window.remaining - 1);
        await persist();
      }
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;
