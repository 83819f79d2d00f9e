import type {
  AddedFault,
  ClockAnswer,
  DailyNoteDelayAnswer,
  FaultRule,
  FaultRuleInput,
  FaultsAnswer,
  LogAnswer,
  LogEntry,
  MintedToken,
  MintTokenRequest,
  RateLimitOptions,
  RateLimitSettings,
  ResetRequest,
  RevokeTokenAnswer,
  StateAnswer,
  StateFilter,
  StateObject,
  Violation,
  ViolationsAnswer,
} from '../emulator/control-api.ts';

/**
 * The one way a test reads or steers the emulator, in-process or in another process alike: a typed
 * client for its `/__emulator/…` test controls (tests/emulator/README.md, "Test controls"), and the
 * readers of its state built on them. Its types are the emulator's own
 * (tests/emulator/control-api.ts), so a test's view of the control API cannot drift from what the
 * emulator answers. Every failure throws with the route, the status and the answer's text.
 */

export interface EmulatorControl {
  /** The emulator's base URL (no trailing slash): where its API answers too. */
  readonly url: string;
  /** Back to the seed; with `{ profile }` also switches the profile (else back to the startup one). */
  reset(request?: ResetRequest): Promise<void>;
  state(filter?: StateFilter): Promise<StateAnswer>;
  /** Request-log entries after `since` (a `seq`); all kept entries without it. */
  log(since?: number): Promise<LogEntry[]>;
  clearLog(): Promise<void>;
  addFault(rule: FaultRuleInput): Promise<string>;
  faults(): Promise<FaultRule[]>;
  removeFault(id: string): Promise<void>;
  clearFaults(): Promise<void>;
  clock(): Promise<ClockAnswer>;
  advanceClock(seconds: number): Promise<ClockAnswer>;
  rateLimits(): Promise<RateLimitSettings>;
  setRateLimits(options: RateLimitOptions): Promise<RateLimitSettings>;
  mintToken(request: MintTokenRequest): Promise<MintedToken>;
  revokeToken(token: string): Promise<RevokeTokenAnswer>;
  /** Requests the published profile refused for breaking its reference (cleared by reset). */
  violations(): Promise<Violation[]>;
  dailyNoteDelay(): Promise<DailyNoteDelayAnswer>;
  setDailyNoteDelay(delayMs: number): Promise<DailyNoteDelayAnswer>;
  /** Resolves once every queued daily-note append has been applied. */
  waitForDailyNotes(): Promise<void>;
}

export function emulatorControl(baseUrl: string): EmulatorControl {
  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${baseUrl}/__emulator${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`${method} /__emulator${path} answered ${response.status}: ${await response.text()}`);
    }
    return response;
  }
  const json = async <T>(method: string, path: string, body?: unknown) =>
    (await (await send(method, path, body)).json()) as T;
  const done = async (method: string, path: string, body?: unknown) => {
    await send(method, path, body);
  };

  return {
    url: baseUrl,
    reset: (request) => done('POST', '/reset', request),
    state: (filter = {}) => {
      const query = Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined);
      return json<StateAnswer>('GET', `/state?${new URLSearchParams(query)}`);
    },
    log: async (since = 0) => (await json<LogAnswer>('GET', `/log?since=${since}`)).entries,
    clearLog: () => done('DELETE', '/log'),
    addFault: async (rule) => (await json<AddedFault>('POST', '/faults', rule)).id,
    faults: async () => (await json<FaultsAnswer>('GET', '/faults')).faults,
    removeFault: (id) => done('DELETE', `/faults/${encodeURIComponent(id)}`),
    clearFaults: () => done('DELETE', '/faults'),
    clock: () => json<ClockAnswer>('GET', '/clock'),
    advanceClock: (seconds) => json<ClockAnswer>('POST', '/clock', { advanceSeconds: seconds }),
    rateLimits: () => json<RateLimitSettings>('GET', '/rate-limits'),
    setRateLimits: (options) => json<RateLimitSettings>('POST', '/rate-limits', options),
    mintToken: (request) => json<MintedToken>('POST', '/tokens', request),
    revokeToken: (token) => json<RevokeTokenAnswer>('POST', '/tokens/revoke', { token }),
    violations: async () => (await json<ViolationsAnswer>('GET', '/violations')).violations,
    dailyNoteDelay: () => json<DailyNoteDelayAnswer>('GET', '/daily-note-delay'),
    setDailyNoteDelay: (delayMs) => json<DailyNoteDelayAnswer>('POST', '/daily-note-delay', { delayMs }),
    waitForDailyNotes: () => done('POST', '/daily-notes/wait'),
  };
}

/** An object as the emulator holds it (the spec profile's shape, whatever the profile). */
export type EmulatorObject = StateObject;

/** The objects of a space (optionally of one structure) that are not in the trash. */
export async function objectsIn(
  emulator: EmulatorControl,
  spaceId: string,
  structureId?: string,
): Promise<EmulatorObject[]> {
  const state = await emulator.state({ spaceId, ...(structureId ? { structureId } : {}) });
  return (state.spaces[0]?.objects ?? []).filter((object) => !object.trashed);
}

/** Calls the API as a client would, with a bearer token. */
export function apiGet(emulator: { url: string }, path: string, token: string): Promise<Response> {
  return fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/**
 * Writes through the API as another client of the space would (the desktop app, another device),
 * with a bearer token: the JSON body sent, the answer's id read; any answer but a success throws.
 */
export async function apiSend(
  emulator: { url: string },
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  token: string,
): Promise<{ id: string }> {
  const answer = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as { id: string };
}

/** The Markdown of an object's body, read as a client would. */
export async function markdownOf(emulator: { url: string }, objectId: string, token: string): Promise<string> {
  const answer = await apiGet(emulator, `/object/markdown?id=${objectId}`, token);
  if (!answer.ok) throw new Error(`GET /object/markdown answered ${answer.status}`);
  return ((await answer.json()) as { markdown: string }).markdown;
}

/** The `url` property of a weblink as the emulator holds it. */
export function urlOf(object: EmulatorObject): string | undefined {
  return (object.properties.url as { url?: { value?: string } } | undefined)?.url?.value;
}

/** The ids an entity property links to (none for a missing object). */
export function entityIdsOf(object: EmulatorObject | undefined, propertyId: string): string[] {
  return ((object?.properties[propertyId] as { entity?: { id: string }[] } | undefined)?.entity ?? []).map(
    (entry) => entry.id,
  );
}
