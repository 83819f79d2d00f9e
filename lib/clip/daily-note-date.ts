/**
 * The daily note a clip belongs to: today in the person's time zone, written the way the
 * Workspace Notes API names a day (`YYYY-MM-DDT00:00:00.000Z`, the date at UTC midnight).
 */

/** `timeZone` is an IANA name; without it, the runtime's own zone. Throws on an unknown zone. */
export function dailyNoteDate(now: Date, timeZone?: string): string {
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
