import { useId } from 'react';
import { t } from '@/lib/i18n';

/**
 * "Add to daily note", with why it cannot be used yet as visible text tied to it: a tooltip is
 * never reached by the keyboard, nor read by most screen readers.
 */
export function DailyNoteButton({
  reason,
  disabled,
  onClick,
}: {
  reason?: string | undefined;
  disabled: boolean;
  onClick(): void;
}) {
  const reasonId = useId();
  const shown = disabled ? reason : undefined;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={disabled}
        aria-describedby={shown ? reasonId : undefined}
        onClick={onClick}
      >
        {t('addToDailyNote')}
      </button>
      {shown && (
        <p id={reasonId} className="field-hint disabled-reason">
          {shown}
        </p>
      )}
    </>
  );
}
