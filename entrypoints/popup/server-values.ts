import type { PropertyValue } from '@/lib/api/schemas/property-values';
import { localDateTime } from '@/lib/fields/date-entry';
import { emptyFieldValue, type FieldDefinition } from '@/lib/fields/field-definition';
import type { FieldValue } from '@/lib/fields/field-value';

/**
 * The edit view of an object clipped earlier: its values as read from the server, as the form
 * shows them. A date and time is shown on the person's clock to the minute: "Update" sends only
 * what the person changed, so an untouched value is never sent back.
 */

/**
 * A property value as read, as the form control shows it. `titles` names linked objects (entity
 * values); a link whose title is unknown is shown by its id rather than dropped, so an update
 * never removes a link the person did not touch.
 */
function fieldValueFromServer(
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
