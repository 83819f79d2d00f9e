import {
  booleanValue,
  dateValue,
  entityValue,
  labelValue,
  numberValue,
  textValue,
  urlValue,
} from '../api/property-values';
import type { PropertyValueInput } from '../api/schemas/property-values';
import type { FieldDefinition } from './field-definition';
import { parseFieldNumber } from './field-validation';
import type { FieldValue } from './field-value';

/** What sending a value needs to know of its property. */
type PayloadDefinition = Pick<FieldDefinition, 'id' | 'dateResolution' | 'labelSet'>;

/**
 * The API value for a field value, or undefined when the field is empty (an empty field is not
 * sent: a new weblink has nothing to clear). Call after `fieldValueProblem` found nothing wrong.
 */
export function toPropertyValue(def: PayloadDefinition, value: FieldValue): PropertyValueInput | undefined {
  switch (value.type) {
    case 'text':
      return value.text.trim() === '' ? undefined : textValue(value.text);
    case 'number': {
      const number = parseFieldNumber(value.raw);
      return number === undefined ? undefined : numberValue(number);
    }
    case 'boolean':
      return value.checked ? booleanValue(true) : undefined;
    case 'url':
      return value.url.trim() === '' ? undefined : urlValue(value.url.trim());
    case 'date': {
      if (value.value === '') return undefined;
      const resolution = def.dateResolution ?? 'day';
      // A local time as typed is on the person's clock, an instant read from a page already in UTC.
      const start = resolution === 'day' ? value.value : new Date(value.value).toISOString();
      return dateValue({ start, resolution });
    }
    case 'label':
      return value.ids.length === 0
        ? undefined
        : labelValue(
            value.ids.map((id) => ({ id, name: def.labelSet?.find((option) => option.id === id)?.name ?? '' })),
          );
    case 'entity':
      return value.items.length === 0 ? undefined : entityValue(value.items.map((item) => item.id));
  }
}

/** The properties to send for a form's values, keyed by property id. */
export function toProperties(
  definitions: readonly PayloadDefinition[],
  values: Record<string, FieldValue>,
): Record<string, PropertyValueInput> {
  const properties: Record<string, PropertyValueInput> = {};
  for (const def of definitions) {
    const value = values[def.id];
    if (!value) continue;
    const payload = toPropertyValue(def, value);
    if (payload) properties[def.id] = payload;
  }
  return properties;
}
