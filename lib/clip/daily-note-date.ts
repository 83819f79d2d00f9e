/**
 * The daily note a clip belongs to: today in the person's time zone, written the way the
 * Workspace Notes API names a day (`YYYY-MM-DDT00:00:00.000Z`, the date at UTC midnight).
 */

/** `timeZone` is an IANA name; without it, the runtime's own zone. Throws on an unknown zone. */
export function dailyNoteDate(now: Date, timeZone?: string): string {
  // The runtime's own zone is what Date's local getters give: no formatter to build (building one
  // costs a third of a millisecond, in the popup's first render).
  if (timeZone === undefined)
    return `${day(now.getFullYear(), 4)}-${day(now.getMonth() + 1)}-${day(now.getDate())}T00:00:00.000Z`;
  // Pinned calendar and digits, so that a person's locale cannot change the numbers.
  const parts = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}T00:00:00.000Z`;
}

const day = (value: number, digits = 2) => String(value).padStart(digits, '0');
