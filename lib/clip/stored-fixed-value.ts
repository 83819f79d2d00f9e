import { parseFieldNumber } from '../fields/field-validation';
import type { FieldValue } from '../fields/field-value';
import type { StoredFixedValue } from '../message-schemas';

/**
 * A clip template's fixed value is a field value; the template stores it in the form it always
 * had (a number as a number, a checkbox as `value`, a label as its one `optionId`), so what is
 * stored in IndexedDB and shown from `storage.local` needs no migration. These are the two
 * conversions: read where a template is applied or edited, written when the options page saves.
 */

/** A stored fixed value as a field value. */
export function fieldValueOfFixed(fixed: StoredFixedValue): FieldValue {
  switch (fixed.type) {
    case 'number':
      return { type: 'number', raw: String(fixed.number) };
    case 'boolean':
      return { type: 'boolean', checked: fixed.value };
    case 'label':
      return { type: 'label', ids: [fixed.optionId] };
    default:
      return fixed;
  }
}

/**
 * A field value as a template stores it; undefined for a value no fixed value can be (a date,
 * linked objects, several options, a number that is none). Call after its checks passed.
 */
export function storedFixedValue(value: FieldValue): StoredFixedValue | undefined {
  switch (value.type) {
    case 'text':
    case 'url':
      return value;
    case 'number': {
      const number = parseFieldNumber(value.raw);
      return number === undefined ? undefined : { type: 'number', number };
    }
    case 'boolean':
      return { type: 'boolean', value: value.checked };
    case 'label': {
      const [optionId, ...more] = value.ids;
      return optionId === undefined || more.length > 0 ? undefined : { type: 'label', optionId };
    }
    default:
      return undefined;
  }
}
