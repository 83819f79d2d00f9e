import { parseTokens } from './blocks.ts';
import { invalidInput, invalidRequest } from './errors.ts';
import { isRecord } from './input.ts';
import { validateAliases, validateEntities, validateIcon, validateLabels } from './property-payloads.ts';
import type { DateResolution, ObjectRecord, PropertyDefinition, PropertyValue, StructureRecord } from './types.ts';

/**
 * Property-value rules of the spec: which properties may be written, and how each typed value must
 * look. Writes are validated into the stored shape; reads render every defined property.
 */

/** Finds a live (not trashed) object of the token's space. */
export type EntityLookup = (id: string) => { structureId: string } | undefined;

const DAY_RE = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;
const TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
export const DAY_FORM = 'YYYY-MM-DDT00:00:00.000Z';

/** True for the canonical UTC-midnight form of a real calendar day. */
export function isCanonicalDay(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
}

function isIsoDateTime(value: string): boolean {
  return TIME_RE.test(value) && !Number.isNaN(Date.parse(value));
}

function label(def: PropertyDefinition): string {
  return def.name === def.id ? `'${def.id}'` : `'${def.id}' (${def.name})`;
}

/**
 * Validates a `properties` map for a write. Only properties in the structure's definitions with
 * `writable: true` are accepted. Returns the values to store, keyed by property id.
 * `publishedFields`: rich text may hold the published reference's links (see BlockParseContext).
 */
export function validatePropertyWrites(
  structure: StructureRecord,
  input: unknown,
  lookup: EntityLookup,
  publishedFields = false,
): Record<string, PropertyValue> {
  if (!isRecord(input)) throw invalidRequest('"properties" must be an object keyed by property definition id');
  const result: Record<string, PropertyValue> = {};
  for (const [id, value] of Object.entries(input)) {
    const def = structure.propertyDefinitions.find((candidate) => candidate.id === id);
    if (!def) {
      throw invalidInput(`Property '${id}' is not defined on structure ${structure.id} (${structure.title})`);
    }
    if (!def.writable) throw invalidInput(`Property ${label(def)} is not writable`);
    result[id] = validateValue(def, value, lookup, publishedFields);
  }
  return result;
}

function validateValue(
  def: PropertyDefinition,
  value: unknown,
  lookup: EntityLookup,
  publishedFields: boolean,
): PropertyValue {
  const name = label(def);
  if (!isRecord(value)) {
    throw invalidInput(`Property ${name}: the value must be an object { "type": "${def.type}", "${def.type}": … }`);
  }
  if (value.type !== def.type) {
    throw invalidInput(`Property ${name} has type '${def.type}'; got a value of type ${JSON.stringify(value.type)}`);
  }
  if (!(def.type in value)) throw invalidInput(`Property ${name}: the "${def.type}" payload is missing`);
  const payload = value[def.type];
  switch (def.type) {
    case 'title': {
      const v = scalar(payload, name, 'title');
      if (typeof v !== 'string') throw invalidInput(`Property ${name}: title.value must be a string`);
      return { type: 'title', title: { value: v } };
    }
    case 'text': {
      const v = scalar(payload, name, 'text');
      if (v !== null && typeof v !== 'string')
        throw invalidInput(`Property ${name}: text.value must be a string or null`);
      return { type: 'text', text: { value: v } };
    }
    case 'url': {
      const v = scalar(payload, name, 'url');
      if (v !== null && (typeof v !== 'string' || !URL.canParse(v))) {
        throw invalidInput(`Property ${name}: url.value must be an absolute URL or null`);
      }
      return { type: 'url', url: { value: v } };
    }
    case 'number': {
      const v = scalar(payload, name, 'number');
      if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) {
        throw invalidInput(`Property ${name}: number.value must be a finite number or null`);
      }
      return { type: 'number', number: { value: v } };
    }
    case 'boolean': {
      const v = scalar(payload, name, 'boolean');
      if (v !== null && typeof v !== 'boolean')
        throw invalidInput(`Property ${name}: boolean.value must be a boolean or null`);
      return { type: 'boolean', boolean: { value: v } };
    }
    case 'date':
      return { type: 'date', date: validateDate(def, payload, name) };
    case 'label':
      return { type: 'label', label: validateLabels(def, payload, name) };
    case 'entity':
      return { type: 'entity', entity: validateEntities(def, payload, name, lookup) };
    case 'richText': {
      if (!isRecord(payload)) throw invalidInput(`Property ${name}: richText must be { "tokens": [...] }`);
      return {
        type: 'richText',
        richText: { tokens: parseTokens(payload.tokens, `properties.${def.id}.richText.tokens`, publishedFields) },
      };
    }
    case 'aliases':
      return { type: 'aliases', aliases: { value: validateAliases(scalar(payload, name, 'aliases'), name) } };
    case 'icon':
      return { type: 'icon', icon: { value: validateIcon(scalar(payload, name, 'icon'), name) } };
    default:
      // createdAt, lastUpdatedAt and blocks are never writable, so this is unreachable in practice.
      throw invalidInput(`Property ${name} cannot be written through the API`);
  }
}

/** The `{ value }` payload of text, url, number, boolean (README: "Payloads of …"). */
function scalar(payload: unknown, name: string, type: string): unknown {
  if (!isRecord(payload) || !('value' in payload)) {
    throw invalidInput(`Property ${name}: the payload must be { "${type}": { "value": … } }`);
  }
  return payload.value;
}

function validateDate(
  def: PropertyDefinition,
  payload: unknown,
  name: string,
): { dateResolution: DateResolution; start: string | null; end: string | null } {
  if (!isRecord(payload)) throw invalidInput(`Property ${name}: date must be { dateResolution?, start, end? }`);
  const resolution = payload.dateResolution ?? def.dateResolution ?? 'day';
  if (resolution !== 'day' && resolution !== 'time') {
    throw invalidInput(`Property ${name}: dateResolution must be "day" or "time"`);
  }
  const start = payload.start ?? null;
  const end = payload.end ?? null;
  if (start === null) {
    if (end !== null) throw invalidInput(`Property ${name}: a date with an end needs a start`);
    return { dateResolution: resolution, start: null, end: null };
  }
  const check = (value: unknown, field: string): string => {
    if (typeof value !== 'string') throw invalidInput(`Property ${name}: date.${field} must be an ISO 8601 string`);
    if (resolution === 'day') {
      if (!isCanonicalDay(value)) {
        throw invalidInput(
          `Property ${name}: with dateResolution "day", date.${field} must be UTC midnight in the form ${DAY_FORM} (for example 2024-05-01T00:00:00.000Z); got ${JSON.stringify(value)}`,
        );
      }
      return value;
    }
    if (!isIsoDateTime(value)) {
      throw invalidInput(
        `Property ${name}: date.${field} must be an ISO 8601 date-time with a time zone (for example 2024-05-01T14:30:00.000Z); got ${JSON.stringify(value)}`,
      );
    }
    return new Date(value).toISOString();
  };
  const startIso = check(start, 'start');
  const endIso = end === null ? null : check(end, 'end');
  if (endIso !== null && Date.parse(endIso) < Date.parse(startIso)) {
    throw invalidInput(`Property ${name}: date.end is before date.start`);
  }
  return { dateResolution: resolution, start: startIso, end: endIso };
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * Every non-block property of the structure with its current value (empty values included, so a
 * client sees the full shape). Links to trashed or deleted objects are left out, and label ids are
 * completed with their current name and color.
 */
export function readProperties(
  structure: StructureRecord,
  obj: ObjectRecord,
  lookup: EntityLookup,
): Record<string, PropertyValue> {
  const result: Record<string, PropertyValue> = {};
  for (const def of structure.propertyDefinitions) {
    const stored = obj.properties[def.id];
    const value = readValue(def, stored, obj, lookup);
    if (value) result[def.id] = value;
  }
  return result;
}

function readValue(
  def: PropertyDefinition,
  stored: PropertyValue | undefined,
  obj: ObjectRecord,
  lookup: EntityLookup,
): PropertyValue | undefined {
  switch (def.type) {
    case 'blocks':
      return undefined;
    case 'createdAt':
      return { type: 'createdAt', createdAt: { value: new Date(obj.createdAt).toISOString() } };
    case 'lastUpdatedAt':
      return { type: 'lastUpdatedAt', lastUpdatedAt: { value: new Date(obj.updatedAt).toISOString() } };
    case 'title':
      return stored?.type === 'title' ? stored : { type: 'title', title: { value: '' } };
    case 'text':
      return stored?.type === 'text' ? stored : { type: 'text', text: { value: null } };
    case 'url':
      return stored?.type === 'url' ? stored : { type: 'url', url: { value: null } };
    case 'number':
      return stored?.type === 'number' ? stored : { type: 'number', number: { value: null } };
    case 'boolean':
      return {
        type: 'boolean',
        boolean: { value: stored?.type === 'boolean' ? (stored.boolean.value ?? false) : false },
      };
    case 'richText':
      return stored?.type === 'richText' ? stored : { type: 'richText', richText: { tokens: [] } };
    case 'aliases':
      return stored?.type === 'aliases' ? stored : { type: 'aliases', aliases: { value: [] } };
    case 'icon':
      return stored?.type === 'icon' ? stored : { type: 'icon', icon: { value: null } };
    case 'date':
      return stored?.type === 'date'
        ? stored
        : { type: 'date', date: { dateResolution: def.dateResolution ?? 'day', start: null, end: null } };
    case 'label': {
      const ids = stored?.type === 'label' ? stored.label.map((entry) => entry.id) : [];
      const options = ids.flatMap((id) => (def.labelSet ?? []).filter((option) => option.id === id));
      return { type: 'label', label: options.map((option) => ({ ...option })) };
    }
    case 'entity': {
      const links = stored?.type === 'entity' ? stored.entity : [];
      return {
        type: 'entity',
        entity: links.filter((link) => lookup(link.id) !== undefined).map((link) => ({ id: link.id })),
      };
    }
  }
}

/** The plain title of an object ('' when unset). */
export function titleOf(obj: ObjectRecord): string {
  const title = obj.properties.title;
  return title?.type === 'title' ? title.title.value : '';
}
