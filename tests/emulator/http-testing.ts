import type { EmulatorControl } from '../support/emulator-control.ts';
import { testEmulator } from '../support/test-emulator.ts';
import type { ProfileName } from './profile.ts';
import { DEMO_TOKENS } from './seed.ts';
import type { RunningEmulator } from './server.ts';

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
  const test = testEmulator({ dailyNoteDelayMs: 1, profile });
  return {
    get emulator() {
      return test.server;
    },
    get control() {
      return test.control;
    },
    async call(method, path, body, token = DEMO_TOKENS.demo) {
      const response = await fetch(`${test.url}${path}`, {
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
