import type { FieldDefinition } from '@/lib/fields/field-definition';
import { t } from '@/lib/i18n';
import { Field } from './field';

export type LabelFieldProps = {
  definition: FieldDefinition;
  ids: string[];
  onChange(ids: string[]): void;
  error?: string | undefined;
};

/** A select property: a `<select>` when one option may be chosen, a group of checkboxes when several. */
export function LabelField({ definition, ids, onChange, error }: LabelFieldProps) {
  const options = definition.labelSet ?? [];
  if (!definition.multiple) {
    return (
      <Field label={definition.name} error={error}>
        {(control) => (
          <select
            {...control}
            value={ids[0] ?? ''}
            onChange={(event) => onChange(event.target.value ? [event.target.value] : [])}
          >
            <option value="">{t('fieldNoLabel')}</option>
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  return (
    <Field label={definition.name} error={error} variant="group">
      {(control) =>
        options.map((option, index) => {
          const optionId = `${control.id}-${index}`;
          const checked = ids.includes(option.id);
          return (
            <div key={option.id} className="field-check">
              <input
                id={optionId}
                type="checkbox"
                checked={checked}
                onChange={() => onChange(checked ? ids.filter((id) => id !== option.id) : [...ids, option.id])}
              />
              <label htmlFor={optionId}>{option.name}</label>
            </div>
          );
        })
      }
    </Field>
  );
}
