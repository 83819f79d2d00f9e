import { invalidInput } from './errors.ts';
import { isRecord } from './input.ts';
import type { EntityLookup } from './property-values.ts';
import type { IconValue, PropertyDefinition } from './types.ts';

/**
 * The payload rules of the list-like and object-like value types: labels (options of the
 * definition's set, at most one when single-select), entities (live objects of allowed
 * structures, at most one when `multiple` is false), aliases and icons. `name` is the property as error messages show it.
 */

/** The published reference's `aliases` payload: at most this many names. */
export const MAX_ALIASES = 8;

export function validateAliases(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || !value.every((alias) => typeof alias === 'string')) {
    throw invalidInput(`Property ${name}: aliases.value must be an array of strings`);
  }
  if (value.length > MAX_ALIASES) throw invalidInput(`Property ${name}: at most ${MAX_ALIASES} aliases`);
  return [...value];
}

export function validateIcon(value: unknown, name: string): IconValue | null {
  if (value === null) return null;
  if (!isRecord(value) || (value.type !== 'emoji' && value.type !== 'iconify') || typeof value.val !== 'string') {
    throw invalidInput(`Property ${name}: icon.value must be { "type": "emoji" | "iconify", "val": string } or null`);
  }
  return { type: value.type, val: value.val };
}

export function validateLabels(def: PropertyDefinition, payload: unknown, name: string): { id: string }[] {
  if (!Array.isArray(payload)) throw invalidInput(`Property ${name}: label must be an array of { id }`);
  const ids: string[] = [];
  for (const item of payload) {
    if (!isRecord(item) || typeof item.id !== 'string')
      throw invalidInput(`Property ${name}: every label entry needs a string id`);
    if (!(def.labelSet ?? []).some((option) => option.id === item.id)) {
      const known = (def.labelSet ?? []).map((option) => `${option.id} (${option.name})`).join(', ');
      throw invalidInput(`Property ${name}: unknown label option id "${item.id}"; the options are: ${known}`);
    }
    if (!ids.includes(item.id)) ids.push(item.id);
  }
  if (!def.multiple && ids.length > 1) {
    throw invalidInput(`Property ${name} is a single-select label: send at most one option (got ${ids.length})`);
  }
  return ids.map((id) => ({ id }));
}

export function validateEntities(
  def: PropertyDefinition,
  payload: unknown,
  name: string,
  lookup: EntityLookup,
): { id: string }[] {
  if (!Array.isArray(payload)) throw invalidInput(`Property ${name}: entity must be an array of { id }`);
  const ids: string[] = [];
  for (const item of payload) {
    if (!isRecord(item) || typeof item.id !== 'string')
      throw invalidInput(`Property ${name}: every entity entry needs a string id`);
    const target = lookup(item.id);
    if (!target) throw invalidInput(`Property ${name}: no object with id "${item.id}" in this space`);
    const allowed = def.allowedStructureIds;
    if (allowed && !allowed.includes(target.structureId)) {
      throw invalidInput(
        `Property ${name} only accepts objects of structure ${allowed.join(' or ')}; "${item.id}" is a ${target.structureId}`,
      );
    }
    if (!ids.includes(item.id)) ids.push(item.id);
  }
  // Without `multiple` an entity property links many objects, as tags do.
  if (def.multiple === false && ids.length > 1) {
    throw invalidInput(`Property ${name} links a single object: send at most one (got ${ids.length})`);
  }
  return ids.map((id) => ({ id }));
}
