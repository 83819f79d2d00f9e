import { type Clock, createClock } from './clock.ts';
import { applyDailyNoteJob, DailyNoteQueue } from './daily-notes.ts';
import { FaultInjector } from './faults.ts';
import { OAuthService } from './oauth.ts';
import { RateLimiter, type RateLimitSettings } from './rate-limit.ts';
import { RequestLog } from './request-log.ts';
import { buildSeed } from './seed.ts';
import { Store } from './store.ts';
import type { EmulatorData } from './types.ts';

/** Everything a request handler may need, shared by the route modules. */
export interface EmulatorContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly oauth: OAuthService;
  readonly limiter: RateLimiter;
  readonly faults: FaultInjector;
  readonly log: RequestLog;
  readonly dailyNotes: DailyNoteQueue;
  /** Known once the server listens; the OAuth issuer, token audience and `resource`. */
  baseUrl: string;
  /** Back to the seed and the startup settings: state, faults, log, clock offset, OAuth, limits. */
  reset(): void;
}

export interface ContextOptions {
  data?: EmulatorData;
  now?: () => number;
  rateLimits: RateLimitSettings;
  dailyNoteDelayMs: number;
  seed?: number;
}

export function createContext(options: ContextOptions): EmulatorContext {
  const clock = createClock(options.now);
  const store = new Store(options.data ?? buildSeed(), clock);
  const dailyNotes = new DailyNoteQueue((job) => applyDailyNoteJob(store, job), options.dailyNoteDelayMs);
  const context: EmulatorContext = {
    store,
    clock,
    oauth: new OAuthService(store, () => context.baseUrl),
    limiter: new RateLimiter(options.rateLimits, () => clock.now()),
    faults: new FaultInjector(options.seed),
    log: new RequestLog(),
    dailyNotes,
    baseUrl: 'http://127.0.0.1',
    reset() {
      dailyNotes.clear();
      dailyNotes.delayMs = options.dailyNoteDelayMs;
      store.load(buildSeed(store.data.jwtSecret));
      clock.reset();
      context.faults.clear();
      context.log.clear();
      context.oauth.reset();
      context.limiter.configure(options.rateLimits);
      store.changed();
    },
  };
  return context;
}
