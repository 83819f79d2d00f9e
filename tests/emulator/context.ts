import { type Clock, createClock } from './clock.ts';
import { applyDailyNoteJob, DailyNoteQueue } from './daily-notes.ts';
import { EmulatorState } from './emulator-state.ts';
import { FaultInjector } from './faults.ts';
import { OAuthService } from './oauth.ts';
import type { ProfileName } from './profile.ts';
import { RateLimiter, type RateLimitSettings } from './rate-limit.ts';
import { RequestLog } from './request-log.ts';
import { buildSeed } from './seed.ts';
import type { EmulatorData } from './types.ts';
import { ViolationLog } from './violations.ts';

/** Everything a request handler may need, shared by the route modules. */
export interface EmulatorContext {
  readonly store: EmulatorState;
  readonly clock: Clock;
  readonly oauth: OAuthService;
  readonly limiter: RateLimiter;
  readonly faults: FaultInjector;
  readonly log: RequestLog;
  readonly dailyNotes: DailyNoteQueue;
  /** Requests the published profile refused for breaking its reference. */
  readonly violations: ViolationLog;
  /** The profile answering the API now (the state is the same in both). */
  profile: ProfileName;
  /** The API-version header the published profile requires now, by name (version-header.ts); none when undefined. */
  requireVersionHeader: string | undefined;
  /** Known once the server listens; the OAuth issuer, token audience and `resource`. */
  baseUrl: string;
  /**
   * Back to the seed and the startup settings: state, faults, log, violations, clock offset, OAuth,
   * limits; and to `profile`, else the startup profile, and to `requireVersionHeader`, else the startup one.
   */
  reset(options?: ResetOptions): void;
}

export interface ResetOptions {
  profile?: ProfileName;
  /** The API-version header the published profile requires from now on (a header name). */
  requireVersionHeader?: string;
}

export interface ContextOptions {
  data?: EmulatorData;
  now?: () => number;
  rateLimits: RateLimitSettings;
  dailyNoteDelayMs: number;
  seed?: number;
  profile: ProfileName;
  requireVersionHeader?: string | undefined;
}

export function createContext(options: ContextOptions): EmulatorContext {
  const clock = createClock(options.now);
  const store = new EmulatorState(options.data ?? buildSeed(), clock);
  const dailyNotes = new DailyNoteQueue((job) => applyDailyNoteJob(store, job), options.dailyNoteDelayMs);
  const context: EmulatorContext = {
    store,
    clock,
    oauth: new OAuthService(store, () => context.baseUrl),
    limiter: new RateLimiter(options.rateLimits, () => clock.now()),
    faults: new FaultInjector(options.seed),
    log: new RequestLog(),
    dailyNotes,
    violations: new ViolationLog(),
    profile: options.profile,
    requireVersionHeader: options.requireVersionHeader,
    baseUrl: 'http://127.0.0.1',
    reset(resetOptions = {}) {
      dailyNotes.clear();
      dailyNotes.delayMs = options.dailyNoteDelayMs;
      store.load(buildSeed(store.data.jwtSecret));
      clock.reset();
      context.faults.clear();
      context.log.clear();
      context.oauth.reset();
      context.limiter.configure(options.rateLimits);
      context.violations.clear();
      context.profile = resetOptions.profile ?? options.profile;
      context.requireVersionHeader = resetOptions.requireVersionHeader ?? options.requireVersionHeader;
      store.changed();
    },
  };
  return context;
}
