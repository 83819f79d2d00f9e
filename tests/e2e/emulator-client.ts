import type { RunningEmulator } from '../emulator/server.ts';

/** Reads of the emulator's test controls, for assertions. */
export async function requestLog(
  emulator: RunningEmulator,
): Promise<{ method: string; path: string; status: number; grantType?: string; tokenKind?: string }[]> {
  const answer = await fetch(`${emulator.url}/__emulator/log`);
  return ((await answer.json()) as { entries: never[] }).entries;
}

/** Calls the API as a client would, with a bearer token. */
export async function apiGet(emulator: RunningEmulator, path: string, token: string): Promise<Response> {
  return fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}
