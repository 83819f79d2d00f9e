import { Field } from '@/components/field';
import type { FieldDefinition } from '@/lib/fields/field-definition';
import type { FieldValue } from '@/lib/fields/field-value';
import { t } from '@/lib/i18n';

export type FixedValueInputProps = {
  definition: FieldDefinition;
  value: FieldValue;
  onChange(value: FieldValue): void;
  error: string | undefined;
};

/**
 * The input of "A fixed value", of the property's own type: a label property offers its options,
 * one of them. Dates and linked objects take no fixed value (lib/clip/page-sources.ts).
 */
export function FixedValueInput({ definition, value, onChange, error }: FixedValueInputProps) {
  const label = t('fixedValueLabel');
  switch (value.type) {
    case 'text':
      return (
        <Field label={label} error={error}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={value.text}
              onChange={(event) => onChange({ type: 'text', text: event.target.value })}
            />
          )}
        </Field>
      );
    case 'number':
      return (
        <Field label={label} error={error}>
          {(control) => (
            // Text, not type="number": the raw entry must survive so a mistake can be shown and fixed.
            <input
              {...control}
              type="text"
              inputMode="decimal"
              value={value.raw}
              onChange={(event) => onChange({ type: 'number', raw: event.target.value })}
            />
          )}
        </Field>
      );
    case 'boolean':
      return (
        <Field label={label} error={error} variant="check">
          {(control) => (
            <input
              {...control}
              type="checkbox"
              checked={value.checked}
              onChange={(event) => onChange({ type: 'boolean', checked: event.target.checked })}
            />
          )}
        </Field>
      );
    case 'url':
      return (
        <Field label={label} error={error}>
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              spellCheck={false}
              value={value.url}
              onChange={(event) => onChange({ type: 'url', url: event.target.value })}
            />
          )}
        </Field>
      );
    case 'label':
      return (
        <Field label={label} error={error}>
          {(control) => (
            <select
              {...control}
              value={value.ids[0] ?? ''}
              onChange={(event) => onChange({ type: 'label', ids: event.target.value ? [event.target.value] : [] })}
            >
              <option value="">{t('fixedValueChooseOption')}</option>
              {(definition.labelSet ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    default:
      return null;
  }
}
