import type { PropertyValue } from '@/lib/api/schemas/property-values';
import { emptyFieldValue, type FieldDefinition } from '@/lib/fields/field-definition';
import type { FieldValue } from '@/lib/fields/field-value';
import { fieldValueOf } from './field-value-of';

/**
 * The edit view of an object clipped earlier: its values as read from the server, as the form
 * shows them. A date and time is shown on the person's clock to the minute: "Update" sends only
 * what the person changed, so an untouched value is never sent back.
 */

/** A property value as read, as the form control shows it; `titles` names linked objects. */
function fieldValueFromServer(
  def: FieldDefinition,
  value: PropertyValue | undefined,
  titles: Record<string, string>,
): FieldValue | undefined {
  const empty = emptyFieldValue(def);
  if (empty === undefined || value === undefined || value.type !== def.type) return empty;
  const withTime = value.type === 'date' && value.date.dateResolution !== 'day';
  return fieldValueOf(value, { withTime, titles }) ?? empty;
}

/** What the form shows for every editable property of an object. */
export function fieldValuesFromServer(
  definitions: FieldDefinition[],
  properties: Record<string, PropertyValue>,
  titles: Record<string, string>,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const def of definitions) {
    const value = fieldValueFromServer(def, Object.hasOwn(properties, def.id) ? properties[def.id] : undefined, titles);
    if (value) values[def.id] = value;
  }
  return values;
}
