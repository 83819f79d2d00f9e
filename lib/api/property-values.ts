import { isCanonicalDay } from './canonical-day';
import { InvalidInputError } from './errors';
import type { DateResolution, PropertyValue, PropertyValueInput, PropertyValueType } from './schemas/property-values';
import type { PropertyDefinition } from './schemas/space';
import type { TextToken, TextTokenInput } from './schemas/text-tokens';

/**
 * Builders for the values callers write, and readers for the values they read. Nobody outside
 * this module spells out a `{ type, [type]: payload }` object by hand. There is one for every
 * v1 value type, as the design gives lib/api the whole v1 surface: the extension uses some, and
 * the tests of the whole surface (tests/contract) read the others (text, number, boolean, labels,
 * links, last update, rich text). The bundles carry only what the extension uses.
 */

export { isCanonicalDay };

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * The canonical form of a day, `YYYY-MM-DDT00:00:00.000Z`. A `Date` is read on the local calendar
 * (the day the person sees); a `YYYY-MM-DD` string is taken as written.
 */
export function canonicalDay(date: Date | string): string {
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) {
      throw new InvalidInputError({ endpoint: 'canonicalDay', detail: 'the date is not a valid date' });
    }
    return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T00:00:00.000Z`;
  }
  const canonical = `${date}T00:00:00.000Z`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isCanonicalDay(canonical)) {
    throw new InvalidInputError({ endpoint: 'canonicalDay', detail: `"${date}" is not a day in the form YYYY-MM-DD` });
  }
  return canonical;
}

export function titleValue(title: string): PropertyValueInput {
  return { type: 'title', title: { value: title } };
}

/** `null` clears the field. */
export function textValue(text: string | null): PropertyValueInput {
  return { type: 'text', text: { value: text } };
}

export function numberValue(value: number | null): PropertyValueInput {
  return { type: 'number', number: { value } };
}

export function booleanValue(value: boolean | null): PropertyValueInput {
  return { type: 'boolean', boolean: { value } };
}

export function urlValue(url: string | null): PropertyValueInput {
  return { type: 'url', url: { value: url } };
}

export interface DateValueParts {
  start: Date | string | null;
  end?: Date | string | null;
  /** Omitted: the property definition's default applies (the server validates the form). */
  resolution?: DateResolution;
}

function dateBound(value: Date | string | null, resolution: DateResolution | undefined): string | null {
  if (value === null) return null;
  if (resolution === 'day' && (value instanceof Date || /^\d{4}-\d{2}-\d{2}$/.test(value))) {
    return canonicalDay(value);
  }
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * A date or range. For `day` resolution, a `Date` or `YYYY-MM-DD` is turned into the canonical
 * form; any other string must already be canonical (checked before sending).
 */
export function dateValue({ start, end, resolution }: DateValueParts): PropertyValueInput {
  return {
    type: 'date',
    date: {
      ...(resolution === undefined ? {} : { dateResolution: resolution }),
      start: dateBound(start, resolution),
      ...(end === undefined ? {} : { end: dateBound(end, resolution) }),
    },
  };
}

/** The resolution a write to this date property gets when it names none (absent → `day`, README decisions table). */
export function dateResolutionOf(definition: Pick<PropertyDefinition, 'dateResolution'>): DateResolution {
  return definition.dateResolution ?? 'day';
}

/**
 * Selected options, each with its id and name: the spec reads only the id, the published
 * reference requires the name as well, so both are always sent. `[]` clears the field.
 */
export function labelValue(options: readonly { id: string; name: string }[]): PropertyValueInput {
  return { type: 'label', label: options.map(({ id, name }) => ({ id, name })) };
}

/** Linked object ids; the list replaces the current links, `[]` removes them all. */
export function entityValue(objectIds: readonly string[]): PropertyValueInput {
  return { type: 'entity', entity: objectIds.map((id) => ({ id })) };
}

export function richTextValue(tokens: TextTokenInput[]): PropertyValueInput {
  return { type: 'richText', richText: { tokens } };
}

interface HasProperties {
  properties: Record<string, PropertyValue>;
}

type ValueOf<T extends PropertyValueType> = Extract<PropertyValue, { type: T }>;

function valueOfType<T extends PropertyValueType>(
  object: HasProperties,
  propertyId: string,
  type: T,
): ValueOf<T> | undefined {
  const value = object.properties[propertyId];
  return value?.type === type ? (value as ValueOf<T>) : undefined;
}

function firstOfType<T extends PropertyValueType>(object: HasProperties, type: T): ValueOf<T> | undefined {
  for (const value of Object.values(object.properties)) {
    if (value.type === type) return value as ValueOf<T>;
  }
  return undefined;
}

/** The object's title: the `title` property, else the first value of type title; '' when none. */
export function readTitle(object: HasProperties): string {
  return (valueOfType(object, 'title', 'title') ?? firstOfType(object, 'title'))?.title.value ?? '';
}

/** undefined when the property is missing, of another type, or cleared. */
export function readText(object: HasProperties, propertyId: string): string | undefined {
  return valueOfType(object, propertyId, 'text')?.text.value ?? undefined;
}

export function readNumber(object: HasProperties, propertyId: string): number | undefined {
  return valueOfType(object, propertyId, 'number')?.number.value ?? undefined;
}

export function readBoolean(object: HasProperties, propertyId: string): boolean | undefined {
  return valueOfType(object, propertyId, 'boolean')?.boolean.value ?? undefined;
}

export function readUrl(object: HasProperties, propertyId: string): string | undefined {
  return valueOfType(object, propertyId, 'url')?.url.value ?? undefined;
}

export interface DateRead {
  resolution: DateResolution;
  start: string;
  end: string | null;
}

/** undefined when the property is missing, of another type, or has no start. */
export function readDate(object: HasProperties, propertyId: string): DateRead | undefined {
  const date = valueOfType(object, propertyId, 'date')?.date;
  if (!date || date.start === null) return undefined;
  return { resolution: date.dateResolution, start: date.start, end: date.end };
}

export function readLabelIds(object: HasProperties, propertyId: string): string[] {
  return valueOfType(object, propertyId, 'label')?.label.map((option) => option.id) ?? [];
}

/** Linked ids, e.g. `readEntityIds(object, 'tags')`; [] when none. */
export function readEntityIds(object: HasProperties, propertyId: string): string[] {
  return valueOfType(object, propertyId, 'entity')?.entity.map((link) => link.id) ?? [];
}

/** The creation timestamp (ISO 8601), whatever the property is called. */
export function readCreatedAt(object: HasProperties): string | undefined {
  return firstOfType(object, 'createdAt')?.createdAt.value ?? undefined;
}

/** The last-updated timestamp (ISO 8601), whatever the property is called. */
export function readLastUpdatedAt(object: HasProperties): string | undefined {
  return firstOfType(object, 'lastUpdatedAt')?.lastUpdatedAt.value ?? undefined;
}

export function readRichText(object: HasProperties, propertyId: string): TextToken[] {
  return valueOfType(object, propertyId, 'richText')?.richText.tokens ?? [];
}
