import {
  booleanValue,
  dateValue,
  entityValue,
  labelValue,
  numberValue,
  textValue,
  urlValue,
} from '@/lib/api/property-values';
import type { PropertyValueInput } from '@/lib/api/schemas/property-values';
import { emptyFieldValue, type FieldDefinition } from '@/lib/fields/field-definition';
import { toPropertyValue } from '@/lib/fields/field-payload';
import { parseFieldNumber } from '@/lib/fields/field-validation';
import type { FieldValue } from '@/lib/fields/field-value';

/**
 * The edit view's "Update": the form's values against the object as it was read, as the few
 * property changes it sends (only the keys that change; an emptied field is cleared, not left as
 * it was).
 */

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
