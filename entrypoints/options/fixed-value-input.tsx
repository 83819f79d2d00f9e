import { Field } from '@/components/field';
import type { FieldDefinition } from '@/lib/fields/field-definition';
import { t } from '@/lib/i18n';
import type { FixedDraft } from './clip-template-draft';

export type FixedValueInputProps = {
  definition: FieldDefinition;
  fixed: FixedDraft;
  onChange(fixed: FixedDraft): void;
  error: string | undefined;
};

/** The input of "A fixed value", of the property's own type: a label property offers its options. */
export function FixedValueInput({ definition, fixed, onChange, error }: FixedValueInputProps) {
  const label = t('fixedValueLabel');
  switch (fixed.type) {
    case 'text':
      return (
        <Field label={label} error={error}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={fixed.text}
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
              value={fixed.raw}
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
              checked={fixed.checked}
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
              value={fixed.url}
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
              value={fixed.optionId}
              onChange={(event) => onChange({ type: 'label', optionId: event.target.value })}
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
  }
}
