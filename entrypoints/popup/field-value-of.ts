import type { PropertyValue, PropertyValueInput } from '@/lib/api/schemas/property-values';
import { localDateTime } from '@/lib/fields/date-entry';
import type { FieldValue } from '@/lib/fields/field-value';

/**
 * An API property value as the form's control shows it: one converter for the edit view (values
 * read from the server, entrypoints/popup/server-values.ts) and for a capture rule's prefill
 * (values the rule computed, capture/rule-fields.ts). Undefined for a value no
 * control shows.
 */
export function fieldValueOf(
  value: PropertyValue | PropertyValueInput,
  options: {
    /** Whether the field holds a time of day: a date-and-time is shown on the person's clock to the minute. */
    withTime: boolean;
    /**
     * Titles of linked objects, by id; without them, linked objects are not shown. A link whose
     * title is unknown is shown by its id rather than dropped, so an update never removes a link
     * the person did not touch.
     */
    titles?: Readonly<Record<string, string>>;
  },
): FieldValue | undefined {
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
      return { type: 'date', value: options.withTime ? localDateTime(start) : start.slice(0, 10) };
    }
    case 'label':
      return { type: 'label', ids: value.label.map(({ id }) => id) };
    case 'entity': {
      const { titles } = options;
      if (!titles) return undefined;
      return {
        type: 'entity',
        items: value.entity.map(({ id }) => ({ id, title: Object.hasOwn(titles, id) ? (titles[id] as string) : id })),
      };
    }
    default:
      return undefined;
  }
}
