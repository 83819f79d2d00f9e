import type { Clock } from './clock.ts';
import { notFound } from './errors.ts';
import type { EntityLookup } from './property-values.ts';
import type { EmulatorData, ObjectRecord, SpaceRecord, StructureRecord } from './types.ts';

/**
 * The emulator's state: spaces, objects, tokens and OAuth connections, with lookups scoped to a
 * space (a token only ever sees its own space). Every mutation ends with `changed()`, which the
 * server wires to persistence.
 */
export class EmulatorState {
  data: EmulatorData;
  readonly clock: Clock;
  /** Called after every change (persistence listens). */
  onChange: () => void = () => {};
  #objects = new Map<string, ObjectRecord>();

  constructor(data: EmulatorData, clock: Clock) {
    this.clock = clock;
    this.data = data;
    this.load(data);
  }

  /** Replaces the whole state (reset, or loading a data file). */
  load(data: EmulatorData): void {
    this.data = data;
    this.#objects = new Map(data.objects.map((obj) => [obj.id, obj]));
  }

  /** The state as plain data (objects included), for persistence and the state dump. */
  snapshot(): EmulatorData {
    return { ...this.data, objects: [...this.#objects.values()] };
  }

  now(): number {
    return this.clock.now();
  }

  changed(): void {
    this.onChange();
  }

  space(spaceId: string): SpaceRecord {
    const space = this.data.spaces.find((candidate) => candidate.id === spaceId);
    if (!space) throw notFound(`Space ${spaceId} does not exist`);
    return space;
  }

  structure(spaceId: string, structureId: string): StructureRecord | undefined {
    return this.space(spaceId).structures.find((structure) => structure.id === structureId);
  }

  /** Any object, trashed or not, of any space (internal use). */
  anyObject(id: string): ObjectRecord | undefined {
    return this.#objects.get(id);
  }

  /** A live (not trashed) object of the space, or undefined. */
  liveObject(spaceId: string, id: string): ObjectRecord | undefined {
    const obj = this.#objects.get(id);
    return obj && obj.spaceId === spaceId && obj.trashedAt === null ? obj : undefined;
  }

  /** Like liveObject, but answers `cap_not_found` (unknown, trashed and other-space ids look the same). */
  requireObject(spaceId: string, id: string): ObjectRecord {
    const obj = this.liveObject(spaceId, id);
    if (!obj) throw notFound(`No object with id ${id}`);
    return obj;
  }

  /** Live objects of a space in creation order (oldest first, ties by id). */
  liveObjects(spaceId: string): ObjectRecord[] {
    const result: ObjectRecord[] = [];
    for (const obj of this.#objects.values()) {
      if (obj.spaceId === spaceId && obj.trashedAt === null) result.push(obj);
    }
    return result.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  entityLookup(spaceId: string): EntityLookup {
    return (id) => this.liveObject(spaceId, id);
  }

  insert(obj: ObjectRecord): void {
    this.#objects.set(obj.id, obj);
  }

  remove(id: string): void {
    this.#objects.delete(id);
  }

  /** Marks an object as modified now. */
  touch(obj: ObjectRecord): void {
    obj.updatedAt = Math.max(this.now(), obj.updatedAt);
  }
}
