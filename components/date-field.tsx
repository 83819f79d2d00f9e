import { useRef } from 'react';
import { isInstant, localDateTime } from '@/lib/fields/date-entry';
import { t } from '@/lib/i18n';
import { Field } from './field';

export type DateFieldProps = {
  label: string;
  resolution: 'day' | 'time';
  /** `YYYY-MM-DD` or `YYYY-MM-DDThh:mm`, as the inputs give them, or an instant read from a page; '' when unset. */
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
};

/** A date (or date and time) input with a button that unsets it. */
export function DateField({ label, resolution, value, onChange, error }: DateFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Field label={label} error={error}>
      {(control) => (
        <div className="field-row">
          <input
            {...control}
            ref={inputRef}
            type={resolution === 'day' ? 'date' : 'datetime-local'}
            // An instant read from a page shows on the person's clock, as the input writes one.
            value={resolution === 'time' && isInstant(value) ? localDateTime(value) : value}
            onChange={(event) => onChange(event.target.value)}
          />
          <button
            type="button"
            className="button button-small"
            disabled={value === ''}
            onClick={() => {
              onChange('');
              // The button is disabled once the field is empty, which would drop focus to the page.
              inputRef.current?.focus();
            }}
          >
            {t('fieldDateClear', label)}
          </button>
        </div>
      )}
    </Field>
  );
}
