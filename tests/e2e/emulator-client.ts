import type { LogEntry, StateObject } from '../emulator/control-api.ts';
import { type EmulatorControl, emulatorControl } from '../support/emulator-control.ts';

/**
 * What end-to-end tests read of the emulator to check what landed: its test controls through the
 * typed client (tests/support/emulator-control.ts), and the API as a client would read it.
 */

/** An emulator by its address: the in-process one, or a flow's control client. */
export interface EmulatorAddress {
  url: string;
}

/** The emulator's test controls, and its address for reading the API. */
export type EmulatorAccess = EmulatorControl & EmulatorAddress;

export function emulatorAccess(url: string): EmulatorAccess {
  return { ...emulatorControl(url), url };
}

/** The request log, oldest first. */
export function requestLog(emulator: EmulatorAddress): Promise<LogEntry[]> {
  return emulatorControl(emulator.url).log();
}

/** Calls the API as a client would, with a bearer token. */
export async function apiGet(emulator: EmulatorAddress, path: string, token: string): Promise<Response> {
  return fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

export type EmulatorObject = StateObject;

/** The objects of a space (optionally of one structure) that are not in the trash. */
export async function objectsIn(
  emulator: EmulatorAddress,
  spaceId: string,
  structureId?: string,
): Promise<EmulatorObject[]> {
  const state = await emulatorControl(emulator.url).state({ spaceId, ...(structureId ? { structureId } : {}) });
  return (state.spaces[0]?.objects ?? []).filter((object) => !object.trashed);
}

/** The Markdown of an object's body, read as a client would. */
export async function markdownOf(emulator: EmulatorAddress, objectId: string, token: string): Promise<string> {
  const answer = await apiGet(emulator, `/object/markdown?id=${objectId}`, token);
  return ((await answer.json()) as { markdown: string }).markdown;
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
