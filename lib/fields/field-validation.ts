import { type MessageKey, t } from '@/lib/i18n';
import { isDateEntry } from './date-entry';
import type { FieldDefinition } from './field-definition';
import type { FieldValue } from './field-value';

/**
 * Whether a field value can be sent, one set of rules for every value: the person's entry in the
 * popup, a fixed value set in the options page, and a value read from a page. They mirror the
 * server's `cap_invalid_input` rules so the reason shows at the field instead of after a round trip.
 */

const NUMBER_PATTERN = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

/**
 * The number in what the person typed, or undefined. A decimal comma is accepted because the
 * decimal keypad of many locales (German among them) only offers a comma.
 */
export function parseFieldNumber(raw: string): number | undefined {
  const trimmed = raw.trim();
  if (!NUMBER_PATTERN.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** An absolute http(s) address: the only kind the service links to. */
export function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
}

type CheckedDefinition = Pick<FieldDefinition, 'dateResolution' | 'labelSet' | 'multiple'>;

/**
 * What is wrong with a value, as the message that says so, or undefined when it can be sent (an
 * empty field is always fine: it is simply not set).
 */
export function fieldValueProblem(def: CheckedDefinition, value: FieldValue): MessageKey | undefined {
  switch (value.type) {
    case 'number':
      return value.raw.trim() === '' || parseFieldNumber(value.raw) !== undefined ? undefined : 'fieldInvalidNumber';
    case 'url':
      return value.url.trim() === '' || isHttpUrl(value.url.trim()) ? undefined : 'fieldInvalidUrl';
    case 'date': {
      const resolution = def.dateResolution ?? 'day';
      if (value.value === '' || isDateEntry(value.value, resolution)) return undefined;
      return resolution === 'day' ? 'fieldInvalidDay' : 'fieldInvalidDateTime';
    }
    case 'label': {
      if (!def.multiple && value.ids.length > 1) return 'fieldTooManyLabels';
      const known = new Set(def.labelSet?.map((option) => option.id));
      return value.ids.every((id) => known.has(id)) ? undefined : 'fieldUnknownLabel';
    }
    default:
      return undefined;
  }
}

/** Why a value cannot be sent, in the person's language, or undefined when it can. */
export function validateFieldValue(def: CheckedDefinition, value: FieldValue): string | undefined {
  const problem = fieldValueProblem(def, value);
  return problem && t(problem);
}
