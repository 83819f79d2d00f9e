import { t } from '@/lib/i18n';

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

export type LinkedObject = { id: string; title: string };

/**
 * What the person entered, per type. Kept as close to the controls as possible (the raw text of a
 * number, the value of a date input) so an invalid entry can be shown back and explained; turning
 * it into an API payload happens when saving.
 */
export type FieldValue =
  | { type: 'text'; text: string }
  | { type: 'number'; raw: string }
  | { type: 'boolean'; checked: boolean }
  | { type: 'url'; url: string }
  /** `YYYY-MM-DD` (day) or `YYYY-MM-DDThh:mm` (time, local), as the inputs give them; '' when unset. */
  | { type: 'date'; value: string }
  | { type: 'label'; ids: string[] }
  | { type: 'entity'; items: LinkedObject[] };

/** Types the form can edit; anything else (blocks, richText, createdAt, …) is never offered. */
const EDITABLE_TYPES = new Set<string>(['text', 'number', 'boolean', 'url', 'date', 'label', 'entity']);

/** Title and tags have their own controls in the popup, so they are never repeated here. */
const OWN_CONTROL_IDS = new Set(['title', 'tags']);

export function isEditableDefinition(def: FieldDefinition): boolean {
  return def.writable && EDITABLE_TYPES.has(def.type) && !OWN_CONTROL_IDS.has(def.id);
}

/** The value of an untouched field; undefined for definitions the form does not edit. */
export function emptyFieldValue(def: FieldDefinition): FieldValue | undefined {
  if (!isEditableDefinition(def)) return undefined;
  switch (def.type) {
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
    default:
      return { type: 'entity', items: [] };
  }
}

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

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;

/** A real calendar day: `Date` would silently roll 2025-02-30 over to March. */
function isCalendarDay(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

function isDateInput(value: string, resolution: 'day' | 'time'): boolean {
  const match = (resolution === 'day' ? DAY_PATTERN : LOCAL_TIME_PATTERN).exec(value);
  return match !== null && isCalendarDay(match[1] ?? '', match[2] ?? '', match[3] ?? '');
}

/**
 * Why a value cannot be sent, in the person's language, or undefined when it can (an empty field
 * is always fine: it is simply not set). Mirrors the server's `cap_invalid_input` rules so the
 * reason shows at the field instead of after a round trip.
 */
export function validateFieldValue(def: FieldDefinition, value: FieldValue): string | undefined {
  switch (value.type) {
    case 'number':
      return value.raw.trim() === '' || parseFieldNumber(value.raw) !== undefined ? undefined : t('fieldInvalidNumber');
    case 'url':
      return value.url.trim() === '' || isHttpUrl(value.url.trim()) ? undefined : t('fieldInvalidUrl');
    case 'date': {
      const resolution = def.dateResolution ?? 'day';
      if (value.value === '' || isDateInput(value.value, resolution)) return undefined;
      return t(resolution === 'day' ? 'fieldInvalidDay' : 'fieldInvalidDateTime');
    }
    case 'label': {
      if (!def.multiple && value.ids.length > 1) return t('fieldTooManyLabels');
      const known = new Set(def.labelSet?.map((option) => option.id));
      return value.ids.every((id) => known.has(id)) ? undefined : t('fieldUnknownLabel');
    }
    default:
      return undefined;
  }
}
