import type { FieldValue, FieldValueType } from './field-value';

/**
 * The view of a property definition the form needs (a subset of the API's definition, so the
 * components do not depend on the API module and can be fed from a cache or a test).
 */
export type FieldDefinition = {
  id: string;
  name: string;
  type: string;
  writable: boolean;
  multiple?: boolean;
  labelSet?: { id: string; name: string; color?: string }[];
  dateResolution?: 'day' | 'time';
  allowedStructureIds?: string[];
};

/** Types the form can edit, one per kind of field value; anything else (blocks, richText, createdAt, …) is never offered. */
const EDITABLE_TYPES: Record<FieldValueType, true> = {
  text: true,
  number: true,
  boolean: true,
  url: true,
  date: true,
  label: true,
  entity: true,
};

/** Title and tags have their own controls in the popup, so they are never repeated here. */
const OWN_CONTROL_IDS = new Set(['title', 'tags']);

export function isEditableDefinition(def: Pick<FieldDefinition, 'id' | 'type' | 'writable'>): boolean {
  return def.writable && Object.hasOwn(EDITABLE_TYPES, def.type) && !OWN_CONTROL_IDS.has(def.id);
}

/** The value of an untouched field; undefined for definitions the form does not edit. */
export function emptyFieldValue(def: Pick<FieldDefinition, 'id' | 'type' | 'writable'>): FieldValue | undefined {
  if (!isEditableDefinition(def)) return undefined;
  switch (def.type as FieldValueType) {
    case 'text':
      return { type: 'text', text: '' };
    case 'number':
      return { type: 'number', raw: '' };
    case 'boolean':
      return { type: 'boolean', checked: false };
    case 'url':
      return { type: 'url', url: '' };
    case 'date':
      return { type: 'date', value: '' };
    case 'label':
      return { type: 'label', ids: [] };
    case 'entity':
      return { type: 'entity', items: [] };
  }
}
