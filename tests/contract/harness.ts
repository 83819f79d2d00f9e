import type { AuthProvider } from '../../lib/api';
import { type CompleteWorkspaceApi, createCompleteWorkspaceApi } from '../../lib/api/complete-client';
import type { ProfileName } from '../emulator/control-api.ts';
import type { EmulatorControl } from '../support/emulator-control.ts';
import { testEmulator } from '../support/test-emulator.ts';

/**
 * Shared set-up of the contract suites: one real emulator per test file (port 0), reset before
 * each test, and the real client talking to it over HTTP. Control routes are the emulator's
 * `/__emulator/…` test API (tests/emulator/control-routes.ts).
 */

export const TOKENS = {
  demo: 'cap-api-demo',
  demoReadonly: 'cap-api-demo-readonly',
  research: 'cap-api-research',
} as const;

/** An auth provider for a fixed token, counting refresh requests. */
export function staticAuth(token: string, refreshed: string = token): AuthProvider & { refreshes: string[] } {
  const refreshes: string[] = [];
  return {
    refreshes,
    getAccessToken: async () => token,
    refreshAfterUnauthorized: async (rejected) => {
      refreshes.push(rejected);
      return refreshed;
    },
  };
}

export interface ContractContext {
  readonly url: string;
  /** The client for a token (default: the Demo space's read/write token). */
  api(token?: string, options?: { timeoutMs?: number }): CompleteWorkspaceApi;
  /** The emulator's test controls (`/__emulator/…`), typed by the emulator's own types. */
  readonly control: EmulatorControl;
  /** A raw request to the API, for what the client refuses to send (it validates locally). */
  raw(
    method: string,
    path: string,
    init?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
}

/** Starts the emulator for the calling test file; `beforeEachReset` resets state before every test. */
export function setUpEmulator(
  options: { beforeEachReset?: boolean; dailyNoteDelayMs?: number; profile?: ProfileName } = {},
): ContractContext {
  const emulator = testEmulator({
    resetBeforeEach: options.beforeEachReset ?? true,
    ...(options.dailyNoteDelayMs === undefined ? {} : { dailyNoteDelayMs: options.dailyNoteDelayMs }),
    ...(options.profile === undefined ? {} : { profile: options.profile }),
  });
  return {
    get url() {
      return emulator.url;
    },
    api: (token = TOKENS.demo, extra = {}) =>
      createCompleteWorkspaceApi({ baseUrl: emulator.url, auth: staticAuth(token), ...extra }),
    get control() {
      return emulator.control;
    },
    raw(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const token = init.token === undefined ? TOKENS.demo : init.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${emulator.url}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: 'manual',
      });
    },
  };
}

/** Awaits a promise that must reject, and returns what it rejected with. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** Reads the `{ error: { code, message } }` body of a raw answer. */
export async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, code: body.error.code, message: body.error.message };
}
