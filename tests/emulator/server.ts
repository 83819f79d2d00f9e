import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createContext, type EmulatorContext, type ResetOptions } from './context.ts';
import { Persistence } from './persistence.ts';
import { DEFAULT_PROFILE, type ProfileName } from './profile.ts';
import { DEFAULT_RATE_LIMITS, mergeRateLimits, type RateLimitOptions } from './rate-limit.ts';
import type { Violation } from './violations.ts';

/** Starts the emulator in-process: `const emu = await startEmulator({ port: 0 })`. */

export interface EmulatorOptions {
  /** 0 = any free port. Default 8787. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Persist all state to this JSON file (loaded at start when it exists). Default: memory only. */
  dataFile?: string;
  /** Base time source (epoch ms); `POST /__emulator/clock` adds to it. Default Date.now. */
  now?: () => number;
  /** Overrides of the rate-limit defaults (README: "Rate limits"). */
  rateLimits?: RateLimitOptions;
  /** Delay before a daily-note append is applied. Default 50 ms. */
  dailyNoteDelayMs?: number;
  /** Seed of the fault-injection random numbers (reproducible fault sequences). */
  seed?: number;
  /** Public base URL, when it differs from http://host:port (e.g. behind a proxy). */
  baseUrl?: string;
  /** How the API answers: `spec` (default) or `published` (README: "Profiles"). */
  profile?: ProfileName;
  /**
   * The published profile refuses an API request without this header (the API version, by its
   * name; README: "Profiles"). Default: not required.
   */
  requireVersionHeader?: string;
}

export interface RunningEmulator {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:8787. */
  url: string;
  port: number;
  /** Stops listening, drops open connections and writes pending data. */
  close(): Promise<void>;
  /** The profile answering the API now. */
  readonly profile: ProfileName;
  /** Same as `POST /__emulator/reset` (with `{ "profile" }`: reseed and switch to that profile; `requireVersionHeader` likewise). */
  reset(options?: ResetOptions): void;
  /** Switches the profile and keeps the state (both profiles show the same data, shaped differently). */
  switchProfile(profile: ProfileName): void;
  /** Same as `GET /__emulator/violations`: requests the published profile refused for breaking its reference. */
  violations(): Violation[];
  /** Same as `POST /__emulator/clock` with `advanceSeconds`. */
  advanceClock(seconds: number): void;
  /** Resolves once every queued daily-note append has been applied. */
  dailyNotesIdle(): Promise<void>;
  /** The internals, for tests that need to look deeper. */
  context: EmulatorContext;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_DAILY_NOTE_DELAY_MS = 50;

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const data = options.dataFile ? Persistence.load(options.dataFile) : undefined;
  const ctx = createContext({
    data,
    now: options.now,
    rateLimits: mergeRateLimits(DEFAULT_RATE_LIMITS, options.rateLimits),
    dailyNoteDelayMs: options.dailyNoteDelayMs ?? DEFAULT_DAILY_NOTE_DELAY_MS,
    seed: options.seed,
    profile: options.profile ?? DEFAULT_PROFILE,
    requireVersionHeader: options.requireVersionHeader,
  });
  const persistence = options.dataFile ? new Persistence(options.dataFile, () => ctx.store.snapshot()) : undefined;
  if (persistence) {
    ctx.store.onChange = () => persistence.schedule();
    if (!data) persistence.flush();
  }

  const app = createApp(ctx);
  const { server, address } = await new Promise<{ server: ReturnType<typeof serve>; address: AddressInfo }>(
    (resolve, reject) => {
      const server = serve({ fetch: app.fetch, port: options.port ?? DEFAULT_PORT, hostname: host }, (info) =>
        resolve({ server, address: info }),
      );
      server.once('error', reject);
    },
  );
  // Faults destroy sockets on purpose; a write to such a socket must not bring the server down.
  server.on('clientError', (_error, socket) => socket.destroy());

  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  ctx.baseUrl = (options.baseUrl ?? `http://${urlHost}:${address.port}`).replace(/\/+$/, '');

  return {
    url: ctx.baseUrl,
    port: address.port,
    context: ctx,
    get profile() {
      return ctx.profile;
    },
    reset: (resetOptions) => ctx.reset(resetOptions),
    switchProfile: (profile) => {
      ctx.profile = profile;
    },
    violations: () => ctx.violations.list(),
    advanceClock: (seconds) => ctx.clock.advance(seconds),
    dailyNotesIdle: () => ctx.dailyNotes.idle(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        ctx.dailyNotes.clear();
        server.close((error) => {
          persistence?.close();
          if (error) reject(error);
          else resolve();
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
