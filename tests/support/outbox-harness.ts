import { openDB } from 'idb';
import { beforeEach } from 'vitest';
import { createMemoryTraits, createWorkspaceApi, type WorkspaceApi } from '../../lib/api';
import type { AppendClip } from '../../lib/clips/append';
import type { TagRef } from '../../lib/clips/clip-fields';
import type { DailyNoteClip } from '../../lib/clips/daily-note';
import type { StoredClip } from '../../lib/clips/registry';
import type { LandedClip } from '../../lib/clips/stored-clip';
import type { WeblinkClip } from '../../lib/clips/weblink';
import { db } from '../../lib/db';
import { DB_NAME, DB_VERSION, type Db } from '../../lib/db/schema';
import { createOutbox, type Outbox, type OutboxEnvironment } from '../../lib/outbox/outbox';
import type { FaultRuleInput, LogEntry, ProfileName, StateObject } from '../emulator/control-api.ts';
import { seededRandom } from '../emulator/faults.ts';
import { DEMO, DEMO_TOKENS } from '../emulator/seed.ts';
import { emulatorControl, entityIdsOf, markdownOf as markdownAt, objectsIn, urlOf } from './emulator-control.ts';
import { type TestEmulator, testEmulator } from './test-emulator.ts';

/**
 * Test helpers for the outbox against the emulator: a fake clock shared by the outbox and the
 * emulator, simulated service workers (each with its own IndexedDB connection, stoppable
 * mid-request), a driver that moves the clock to every wake-up, and readers of the server state.
 */

/** 2 March 2026, 10:00 UTC: after every seeded object, so "created since" rules can be seen. */
export const START = Date.UTC(2026, 2, 2, 10, 0, 0);

/** The time of the outbox and of the emulator (start it with `now: () => clock.now`). */
export const clock = { now: START };

/** Seeded jitter (the emulator's own PRNG), so a failing run can be replayed. */
export { seededRandom };

export interface SentRequest {
  method: string;
  path: string;
}

export interface Worker {
  outbox: Outbox;
  /** Every request this worker started, in order. */
  sent: SentRequest[];
  /**
   * Stops the worker as the browser does: its database connection closes, requests on their way
   * still reach the server but their answers are never seen, and it never runs again. Resolves
   * once the server has finished with everything the worker sent.
   */
  stop(): Promise<void>;
  /** Resolves when the worker is stopped (by `stop` or `stopAfterRequests`). */
  stopped: Promise<void>;
}

export interface WorkerOptions {
  /** Called before each request goes out (e.g. to read IndexedDB at that moment). */
  beforeRequest?(request: SentRequest): void | Promise<void>;
  /** Stop the worker right after its nth request has been sent (its answer is never seen). */
  stopAfterRequests?: number;
  /** Replaces the emulator client with a static token (e.g. lib/auth's `apiForSpace`). */
  apiFor?: OutboxEnvironment['apiFor'];
  isConnected?: OutboxEnvironment['isConnected'];
  random?: () => number;
  /** Replaces the worker's own database connection (e.g. one that fails). */
  database?: OutboxEnvironment['database'];
  /** The `changed`, `landed` and `failed` observers throw after recording. */
  throwingObservers?: boolean;
  endpointReadyAt?: OutboxEnvironment['endpointReadyAt'];
}

const never = () => new Promise<never>(() => undefined);

/** An emulator by its address: a test file's (tests/support/test-emulator.ts) or its client. */
export interface EmulatorAddress {
  readonly url: string;
}

export function createHarness(emulator: EmulatorAddress) {
  const landed: LandedClip[] = [];
  const failed: StoredClip[] = [];
  /** The last `wakeAt` of any live worker. */
  let lastWake: number | null = null;
  const auth = { token: DEMO_TOKENS.demo as string, refreshes: 0, connected: true };
  /** What the workers learned of the server's forms: kept across worker restarts, as the background stores it. */
  const traits = createMemoryTraits();

  async function startWorker(options: WorkerOptions = {}): Promise<Worker> {
    await db(); // The first worker of an install creates the stores (lib/db's upgrade).
    const connection = (await openDB(DB_NAME, DB_VERSION)) as unknown as Db;
    let isStopped = false;
    let markStopped = () => {};
    const stopped = new Promise<void>((resolve) => {
      markStopped = resolve;
    });
    const onTheirWay = new Set<Promise<unknown>>();
    const sent: SentRequest[] = [];

    function halt(): void {
      if (isStopped) return;
      isStopped = true;
      connection.close();
      markStopped();
    }

    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (isStopped) return never();
      const request = { method: init?.method ?? 'GET', path: new URL(String(input)).pathname };
      await options.beforeRequest?.(request);
      sent.push(request);
      const real = globalThis.fetch(input, init);
      onTheirWay.add(real);
      void real.then(
        () => onTheirWay.delete(real),
        () => onTheirWay.delete(real),
      );
      if (options.stopAfterRequests !== undefined && sent.length >= options.stopAfterRequests) halt();
      try {
        const response = await real;
        return isStopped ? never() : response;
      } catch (error) {
        return isStopped ? never() : Promise.reject(error);
      }
    };
    const api: WorkspaceApi = createWorkspaceApi({
      baseUrl: emulator.url,
      fetch,
      traits,
      auth: {
        getAccessToken: async () => auth.token,
        refreshAfterUnauthorized: async () => {
          auth.refreshes += 1;
          return auth.token;
        },
      },
    });

    const observed = () => {
      if (options.throwingObservers) throw new Error('observer failed');
    };
    const outbox = createOutbox({
      apiFor: options.apiFor ?? (async () => api),
      isConnected: options.isConnected ?? (async () => auth.connected),
      wakeAt(at) {
        if (!isStopped) lastWake = at;
      },
      changed: observed,
      landed(_clip, entry) {
        if (!isStopped) landed.push(entry);
        observed();
      },
      failed(clip) {
        if (!isStopped) failed.push(clip);
        observed();
      },
      now: () => clock.now,
      random: options.random ?? seededRandom(7),
      ...(options.endpointReadyAt ? { endpointReadyAt: options.endpointReadyAt } : {}),
      database: options.database ?? (async () => connection),
    });

    return {
      outbox,
      sent,
      stopped,
      async stop() {
        halt();
        await Promise.allSettled([...onTheirWay]);
        await controlOf(emulator).waitForDailyNotes();
      },
    };
  }

  /**
   * Drains, then moves the clock to the wake-up the outbox asked for, until nothing waits on
   * time or the worker is stopped. The server finishes its queued daily-note appends before the
   * clock moves: time passes for it too.
   */
  async function settle(worker: Worker, maxRounds = 300): Promise<'idle' | 'stopped'> {
    for (let round = 0; round < maxRounds; round += 1) {
      lastWake = null;
      const stopped = await Promise.race([worker.outbox.drain().then(() => false), worker.stopped.then(() => true)]);
      if (stopped) return 'stopped';
      await controlOf(emulator).waitForDailyNotes();
      if (lastWake === null) return 'idle';
      clock.now = Math.max(clock.now, lastWake);
    }
    throw new Error(`the outbox still waits after ${maxRounds} wake-ups`);
  }

  return {
    landed,
    failed,
    auth,
    /** What the workers learned of the server (e.g. whether it restores from the trash). */
    traitsOf: (baseUrl: string) => traits.get(baseUrl),
    startWorker,
    settle,
    get lastWake() {
      return lastWake;
    },
  };
}

export type Harness = ReturnType<typeof createHarness>;

// ---------------------------------------------------------------------------------------------
// Clips

export function weblinkClip(fields: Partial<WeblinkClip> & { url: string }): WeblinkClip {
  return {
    kind: 'page',
    title: `Page at ${fields.url}`,
    tags: [],
    properties: {},
    notes: [],
    existingObjectIds: [],
    ...fields,
  };
}

export function existingTag(id: string, title: string): TagRef {
  return { kind: 'existing', id, title };
}

export function newTag(title: string): TagRef {
  return { kind: 'new', title };
}

export function dailyNoteClip(day: string, parts: string[], fields: Partial<DailyNoteClip> = {}): DailyNoteClip {
  return {
    kind: 'daily-note',
    date: `${day}T00:00:00.000Z`,
    noTimeStamp: true,
    parts,
    source: { url: 'https://example.com/source', title: 'Source page' },
    ...fields,
  };
}

export function appendClip(objectId: string, parts: string[]): AppendClip {
  return {
    kind: 'append',
    objectId,
    objectTitle: 'Target',
    parts,
    source: { url: 'https://example.com/source', title: 'Source page' },
  };
}

// ---------------------------------------------------------------------------------------------
// The emulator's test controls

/** The emulator's controls, typed by its own types. */
export function controlOf(emulator: EmulatorAddress) {
  return emulatorControl(emulator.url);
}

export function addFault(emulator: EmulatorAddress, rule: FaultRuleInput): Promise<string> {
  return controlOf(emulator).addFault(rule);
}

export function clearFaults(emulator: EmulatorAddress): Promise<void> {
  return controlOf(emulator).clearFaults();
}

export function requestLog(emulator: EmulatorAddress): Promise<LogEntry[]> {
  return controlOf(emulator).log();
}

/** How many requests reached the server's handler (not dropped before it) for `METHOD /path`. */
export async function processed(emulator: EmulatorAddress, endpoint: string): Promise<number> {
  return (await requestLog(emulator)).filter(
    (entry) => `${entry.method} ${entry.path}` === endpoint && entry.fault?.action !== 'drop-before',
  ).length;
}

/** Live objects of the Demo space of one structure (in the spec profile's shape, whatever the profile). */
export function objectsOf(emulator: EmulatorAddress, structureId: string): Promise<StateObject[]> {
  return objectsIn(controlOf(emulator), DEMO.spaceId, structureId);
}

export async function weblinksOf(emulator: EmulatorAddress, url: string): Promise<StateObject[]> {
  return (await objectsOf(emulator, 'MediaWebResource')).filter((object) => urlOf(object) === url);
}

export async function tagsTitled(emulator: EmulatorAddress, title: string): Promise<StateObject[]> {
  return (await objectsOf(emulator, 'RootTag')).filter((object) => object.title === title);
}

export const entityIds = entityIdsOf;

/** The Markdown of an object's body, read with the Demo space's token. */
export function markdownOf(emulator: EmulatorAddress, objectId: string): Promise<string> {
  return markdownAt(emulator, objectId, DEMO_TOKENS.demo);
}

/** How often `text` occurs in `body`. */
export function occurrences(body: string, text: string): number {
  return body.split(text).length - 1;
}

/** Where each text first occurs in `body` (-1 when missing): increasing when they are in order. */
export function positions(body: string, texts: string[]): number[] {
  return texts.map((text) => body.indexOf(text));
}

/** `positions` sorted ascending, to compare with: in order when equal and none is -1. */
export function ascending(numbers: number[]): number[] {
  return [...numbers].sort((a, b) => a - b);
}

/**
 * The usual setup of an outbox test file: the emulator on the shared fake clock, and before each
 * test a reset emulator, a fresh harness and one started worker. Read them from the returned
 * object inside tests (they are replaced before each one).
 */
export function outboxSuite(options: { profile?: ProfileName } = {}) {
  const emulator = testEmulator({
    now: () => clock.now,
    dailyNoteDelayMs: 5,
    ...(options.profile ? { profile: options.profile } : {}),
    // Reset below, once the clock is back at the start.
    resetBeforeEach: false,
  });
  const suite = {} as { emulator: TestEmulator; harness: Harness; worker: Worker };
  suite.emulator = emulator;
  beforeEach(async () => {
    clock.now = START;
    await emulator.control.reset();
    suite.harness = createHarness(emulator);
    suite.worker = await suite.harness.startWorker();
  });
  return suite;
}
