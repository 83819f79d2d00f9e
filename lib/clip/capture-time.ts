/**
 * When a clip was made, as the notes show it: `2026-11-24 14:03 UTC+01:00` — ISO 8601's order of
 * date and 24-hour time, in the person's time zone with its offset spelled out. No month names
 * and no locale's order of day and month, so every reader of a shared space reads it the same
 * way, and it sorts as text.
 */

/** `timeZone` is an IANA name; without it, the runtime's own zone. Throws on an unknown zone. */
export function formatCaptureTime(now: Date, timeZone?: string): string {
  // Pinned calendar, digits and hour cycle, so that a person's locale cannot change the numbers.
  const parts = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // `longOffset` names the zone `GMT+01:00`; offset zero comes as `GMT` or `GMT+00:00` by engine.
  const offset = part('timeZoneName')
    .replace(/^GMT(?:[+-]00:00)?$/, 'UTC')
    .replace(/^GMT/, 'UTC');
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${offset}`;
}
