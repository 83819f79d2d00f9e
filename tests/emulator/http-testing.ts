import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type EmulatorControl, emulatorControl } from '../support/emulator-control.ts';
import type { ProfileName } from './profile.ts';
import { DEMO_TOKENS } from './seed.ts';
import { type RunningEmulator, startEmulator } from './server.ts';

/** Test helpers (not a test file): one emulator per test file, reset before each test, and a caller. */

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined for an empty one. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes, asserting as they go.
  body: any;
  /** The raw body text. */
  text: string;
}

export interface TestEmulator {
  readonly emulator: RunningEmulator;
  readonly control: EmulatorControl;
  /** An API request with a bearer token (default: the Demo space's read/write token; null: none). */
  call(method: string, path: string, body?: unknown, token?: string | null): Promise<Answer>;
}

export function setUpTestEmulator(profile: ProfileName): TestEmulator {
  let running: RunningEmulator | undefined;
  const emulator = () => {
    if (!running) throw new Error('the emulator is not running');
    return running;
  };
  beforeAll(async () => {
    running = await startEmulator({ port: 0, dailyNoteDelayMs: 1, profile });
  });
  afterAll(() => running?.close());
  beforeEach(() => emulator().reset());

  return {
    get emulator() {
      return emulator();
    },
    get control() {
      return emulatorControl(emulator().url);
    },
    async call(method, path, body, token = DEMO_TOKENS.demo) {
      const response = await fetch(`${emulator().url}${path}`, {
        method,
        headers: {
          ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined, text };
    },
  };
}
