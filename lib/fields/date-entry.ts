/**
 * The forms a date field's value takes: `YYYY-MM-DD` for a day; for a date and time, the local
 * `YYYY-MM-DDThh:mm` a `datetime-local` input gives, or an instant in UTC (`…Z`) read from a page,
 * which the input shows on the person's clock and a clip sends unchanged.
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;

/** A real calendar day: `Date` would silently roll 2025-02-30 over to March. */
function isCalendarDay(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/** Whether a date and time is an instant (as read) rather than a local time (as typed). */
export function isInstant(value: string): boolean {
  return value.endsWith('Z');
}

/** Whether `value` is a date of the resolution in one of the forms above. */
export function isDateEntry(value: string, resolution: 'day' | 'time'): boolean {
  const local = resolution === 'time' && isInstant(value) ? value.slice(0, -1) : value;
  const match = (resolution === 'day' ? DAY_PATTERN : LOCAL_TIME_PATTERN).exec(local);
  return match !== null && isCalendarDay(match[1] ?? '', match[2] ?? '', match[3] ?? '');
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO instant as a `datetime-local` value, on the person's own clock; '' when it is none. */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
