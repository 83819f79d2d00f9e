import { Field } from '@/components/field';
import { dailyNoteDate } from '@/lib/clip/daily-note-date';
import { t } from '@/lib/i18n';
import type { ClipSource, DailyNoteRequest } from '@/lib/messaging';

/** Today in the person's zone, as the date field writes a day (`YYYY-MM-DD`). */
export const today = (now = new Date()) => dailyNoteDate(now).slice(0, 10);

/** The day "Add to daily note" adds to: today unless the person picks another. */
export function DailyNoteDay({ day, onChange }: { day: string; onChange(day: string): void }) {
  return (
    <Field label={t('dailyNoteDay')}>
      {(control) => (
        <input
          {...control}
          type="date"
          value={day}
          required
          onChange={(event) => onChange(event.target.value || today())}
        />
      )}
    </Field>
  );
}

/** The notes added to the daily note of `day`, whose `date` is that day at UTC midnight, as the API names it. */
export function dailyNoteClip(markdown: string, source: ClipSource, day: string): DailyNoteRequest {
  return { kind: 'daily-note', markdown, source, date: `${day}T00:00:00.000Z` };
}
