import type { PropertyValueInput } from '@/lib/api/schemas/property-values';
import type { AppliedRule } from '@/lib/capture/apply-rule';
import type { SpaceStructure } from '@/lib/capture/rule-target';
import { localDateTime } from '@/lib/fields/date-entry';
import { emptyFieldValue, type FieldDefinition, isEditableDefinition } from '@/lib/fields/field-definition';
import type { FieldValue } from '@/lib/fields/field-value';

/**
 * The property fields a typed object's rule shows in the popup's "Properties": its type's
 * writable ones, except the entity properties the rule links by name, which have their chips
 * (link-chips.tsx). Null for a weblink rule: the weblink's own fields are shown, prefilled.
 */
export function ruleDefinitions(
  applied: AppliedRule | null,
  structures: readonly SpaceStructure[],
): FieldDefinition[] | null {
  if (applied?.target.kind !== 'object') return null;
  const structure = structures.find(({ id }) => id === applied.structureId);
  const linked = new Set(applied.links.map((link) => link.propertyId));
  return (structure?.propertyDefinitions ?? []).filter(
    (definition) => isEditableDefinition(definition) && !linked.has(definition.id),
  ) as FieldDefinition[];
}

/** A value the rule computed, as the form's control shows it; undefined when the control cannot show it. */
function fieldValueOf(definition: FieldDefinition, value: PropertyValueInput): FieldValue | undefined {
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
      const start = value.date.start ?? '';
      if (start === '') return { type: 'date', value: '' };
      // A day as the date field writes it; a time on the person's clock.
      return { type: 'date', value: definition.dateResolution === 'time' ? localDateTime(start) : start.slice(0, 10) };
    }
    case 'label':
      return { type: 'label', ids: value.label.map(({ id }) => id) };
    default:
      return undefined;
  }
}

/**
 * What the rule fills in each of `definitions`, for the form to start from: the rule's value, or
 * (with `clearOthers`, for a typed object, whose fields start from nothing else) an empty one.
 */
export function ruleFieldValues(
  definitions: readonly FieldDefinition[],
  properties: AppliedRule['properties'],
  clearOthers: boolean,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const definition of definitions) {
    const value = Object.hasOwn(properties, definition.id) ? properties[definition.id] : undefined;
    const shown = value && value.type === definition.type ? fieldValueOf(definition, value) : undefined;
    const empty = clearOthers ? emptyFieldValue(definition) : undefined;
    if (shown ?? empty) values[definition.id] = (shown ?? empty) as FieldValue;
  }
  return values;
}
