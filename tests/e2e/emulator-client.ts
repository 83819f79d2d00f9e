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

export interface EmulatorObject {
  id: string;
  structureId: string;
  title: string;
  collections: string[];
  properties: Record<string, { type: string; [payload: string]: unknown }>;
  trashed: boolean;
}

/** The objects of a space (optionally of one structure), as the emulator holds them. */
export async function objectsIn(
  emulator: RunningEmulator,
  spaceId: string,
  structureId?: string,
): Promise<EmulatorObject[]> {
  const query = new URLSearchParams({ spaceId, ...(structureId ? { structureId } : {}) });
  const state = (await (await fetch(`${emulator.url}/__emulator/state?${query}`)).json()) as {
    spaces: { objects: EmulatorObject[] }[];
  };
  return (state.spaces[0]?.objects ?? []).filter((object) => !object.trashed);
}

/** The Markdown of an object's body, read as a client would. */
export async function markdownOf(emulator: RunningEmulator, objectId: string, token: string): Promise<string> {
  const answer = await apiGet(emulator, `/object/markdown?id=${objectId}`, token);
  return ((await answer.json()) as { markdown: string }).markdown;
}

/** Waits until the emulator has applied every queued daily-note append. */
export async function dailyNotesApplied(emulator: RunningEmulator): Promise<void> {
  await emulator.dailyNotesIdle();
}

/** The `url` property of a weblink as the emulator holds it. */
export function urlOf(object: EmulatorObject): string | undefined {
  return (object.properties.url as { url?: { value?: string } } | undefined)?.url?.value;
}

/** The ids an entity property links to. */
export function entityIdsOf(object: EmulatorObject, propertyId: string): string[] {
  return ((object.properties[propertyId] as { entity?: { id: string }[] } | undefined)?.entity ?? []).map(
    (entry) => entry.id,
  );
}
