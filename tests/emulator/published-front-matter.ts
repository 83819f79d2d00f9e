import { invalidInput } from './errors.ts';
import type { FrontMatterValue } from './front-matter.ts';
import { definitionByPublishedId } from './published-ids.ts';
import type { PropertyDefinition, StructureRecord } from './types.ts';

/**
 * Front-matter entries as a `properties` write (stored ids and shapes, for `validatePropertyWrites`
 * on the same view). A key names a property by its published id or by its name (any case); keys
 * naming no property are ignored, like unknown keys of a body. Labels are given by option name or
 * id, entities by object id.
 */

function list(value: FrontMatterValue): string[] | null {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? [value] : null;
}

function entryValue(def: PropertyDefinition, key: string, value: FrontMatterValue): Record<string, unknown> {
  const wrong = (expected: string) => invalidInput(`front matter: '${key}' (${def.type}) must be ${expected}`);
  switch (def.type) {
    case 'title':
    case 'text':
    case 'url': {
      if (Array.isArray(value) || (value === null && def.type === 'title')) throw wrong('a string');
      return { type: def.type, [def.type]: { value: value === null ? null : String(value) } };
    }
    case 'number':
      if (value !== null && typeof value !== 'number') throw wrong('a number');
      return { type: 'number', number: { value } };
    case 'boolean':
      if (value !== null && typeof value !== 'boolean') throw wrong('true or false');
      return { type: 'boolean', boolean: { value } };
    case 'date':
      if (value !== null && typeof value !== 'string') throw wrong('an ISO 8601 date');
      return { type: 'date', date: { start: value, end: null } };
    case 'label': {
      const names = list(value);
      if (!names) throw wrong('option names');
      const options = def.labelSet ?? [];
      const label = names.map((name) => {
        const option = options.find(
          (candidate) => candidate.id === name || candidate.name.toLowerCase() === name.toLowerCase(),
        );
        if (!option) throw invalidInput(`front matter: '${key}' has no option "${name}"`);
        return { id: option.id };
      });
      return { type: 'label', label };
    }
    case 'entity':
    case 'aliases': {
      const items = list(value);
      if (!items) throw wrong('a list');
      return def.type === 'entity'
        ? { type: 'entity', entity: items.map((id) => ({ id })) }
        : { type: 'aliases', aliases: { value: items } };
    }
    default:
      throw invalidInput(`front matter: '${key}' is a ${def.type} property, which front matter cannot set`);
  }
}

export function frontMatterWrites(
  view: StructureRecord,
  entries: [string, FrontMatterValue][],
): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of entries) {
    const def =
      definitionByPublishedId(view, key) ??
      view.propertyDefinitions.find((candidate) => candidate.name.toLowerCase() === key.toLowerCase());
    if (!def || def.type === 'blocks') continue;
    if (!def.writable) throw invalidInput(`front matter: '${key}' (${def.name}) is not writable`);
    result[def.id] = entryValue(def, key, value);
  }
  return result;
}
