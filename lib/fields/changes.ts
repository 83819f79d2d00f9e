import {
  booleanValue,
  dateValue,
  entityValue,
  labelValue,
  numberValue,
  textValue,
  urlValue,
} from '../api/property-values';
import type { PropertyValue, PropertyValueInput } from '../api/schemas/property-values';
import { toPropertyValue } from './field-payload';
import { emptyFieldValue, type FieldDefinition, type FieldValue, parseFieldNumber } from './field-types';

/**
 * The edit view of an object clipped earlier: its values as the form shows them, and the form's
 * values back as the few property changes an "Update" sends (only the keys that change; an emptied
 * field is cleared, not left as it was).
 */

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO instant as a `datetime-local` value, on the person's own clock. */
function localDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A property value as read, as the form control shows it. `titles` names linked objects (entity
 * values); a link whose title is unknown is shown by its id rather than dropped, so an update
 * never removes a link the person did not touch.
 */
export function toFieldValue(
  def: FieldDefinition,
  value: PropertyValue | undefined,
  titles: Record<string, string>,
): FieldValue | undefined {
  const empty = emptyFieldValue(def);
  if (empty === undefined || value === undefined || value.type !== def.type) return empty;
  switch (value.type) {
    case 'text':
      return { type: 'text', text: value.text.value ?? '' };
    case 'number':
      return { type: 'number', raw: value.number.value === null ? '' : String(value.number.value) };
    case 'boolean':
      return { type: 'boolean', checked: value.boolean.value === true };
    case 'url':
      return { type: 'url', url: value.url.value ?? '' };
    case 'date': {
      const start = value.date.start;
      if (start === null) return { type: 'date', value: '' };
      return { type: 'date', value: value.date.dateResolution === 'day' ? start.slice(0, 10) : localDateTime(start) };
    }
    case 'label':
      return { type: 'label', ids: value.label.map((option) => option.id) };
    case 'entity':
      return {
        type: 'entity',
        items: value.entity.map(({ id }) => ({ id, title: Object.hasOwn(titles, id) ? (titles[id] as string) : id })),
      };
    default:
      return empty;
  }
}

/** What the form shows for every editable property of an object. */
export function toFieldValues(
  definitions: FieldDefinition[],
  properties: Record<string, PropertyValue>,
  titles: Record<string, string>,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const def of definitions) {
    const value = toFieldValue(def, Object.hasOwn(properties, def.id) ? properties[def.id] : undefined, titles);
    if (value) values[def.id] = value;
  }
  return values;
}

/**
 * Values filled in for a new clip (from the page, by the space's clip template), as the form
 * shows them. The value builders write text, number, boolean, URL, date and label values in the
 * shape they are read back in, which is what `toFieldValue` reads.
 */
export function toFieldValuesFromInput(
  definitions: FieldDefinition[],
  properties: Record<string, PropertyValueInput>,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const def of definitions) {
    if (!Object.hasOwn(properties, def.id)) continue;
    const value = toFieldValue(def, properties[def.id] as unknown as PropertyValue, {});
    if (value) values[def.id] = value;
  }
  return values;
}

/** Whether two form values mean the same property value (what would be sent compares equal). */
function sameValue(def: FieldDefinition, a: FieldValue, b: FieldValue): boolean {
  if (a.type === 'entity' && b.type === 'entity') {
    return a.items.map((item) => item.id).join('\n') === b.items.map((item) => item.id).join('\n');
  }
  if (a.type === 'label' && b.type === 'label') return [...a.ids].sort().join('\n') === [...b.ids].sort().join('\n');
  if (a.type === 'number' && b.type === 'number') return parseFieldNumber(a.raw) === parseFieldNumber(b.raw);
  return JSON.stringify(toPropertyValue(def, a)) === JSON.stringify(toPropertyValue(def, b));
}

/** The value that clears a property of this definition. */
function clearing(def: FieldDefinition): PropertyValueInput | undefined {
  switch (def.type) {
    case 'text':
      return textValue(null);
    case 'number':
      return numberValue(null);
    case 'boolean':
      return booleanValue(false);
    case 'url':
      return urlValue(null);
    case 'date':
      return dateValue({ start: null, ...(def.dateResolution ? { resolution: def.dateResolution } : {}) });
    case 'label':
      return labelValue([]);
    case 'entity':
      return entityValue([]);
    default:
      return undefined;
  }
}

/** The properties that change from `before` to `after`, as sent: the new value, or the clearing one. */
export function changedProperties(
  definitions: FieldDefinition[],
  before: Record<string, FieldValue>,
  after: Record<string, FieldValue>,
): Record<string, PropertyValueInput> {
  const changes: Record<string, PropertyValueInput> = {};
  for (const def of definitions) {
    const old = before[def.id] ?? emptyFieldValue(def);
    const now = after[def.id] ?? old;
    if (old === undefined || now === undefined || sameValue(def, old, now)) continue;
    const sent = toPropertyValue(def, now) ?? clearing(def);
    if (sent) changes[def.id] = sent;
  }
  return changes;
}
