import { fieldValueOf } from '@/entrypoints/popup/field-value-of';
import type { AppliedRule } from '@/lib/capture/apply-rule';
import type { SpaceStructure } from '@/lib/capture/rule-target';
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
    const shown =
      value && value.type === definition.type
        ? fieldValueOf(value, { withTime: definition.dateResolution === 'time' })
        : undefined;
    const empty = clearOthers ? emptyFieldValue(definition) : undefined;
    if (shown ?? empty) values[definition.id] = (shown ?? empty) as FieldValue;
  }
  return values;
}
