/**
 * ISO 8601 durations, as schema.org writes a video's `duration` and a recipe's `totalTime`
 * (`PT1H2M3S`, `P1DT2H`, `PT90M`): to seconds, and back for the page values (Open Graph's
 * `video:duration` is in seconds). Years and months have no fixed length and are refused.
 */

const DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;
const UNIT_SECONDS = [7 * 86_400, 86_400, 3_600, 60, 1];

/** The duration's length in seconds, or null when `text` is not an ISO 8601 duration. */
export function durationSeconds(text: string): number | null {
  const match = DURATION.exec(text.trim());
  // `P` and `PT` alone match the pattern but name no length.
  if (!match || match.slice(1).every((part) => part === undefined)) return null;
  let seconds = 0;
  for (const [index, part] of match.slice(1).entries()) {
    if (part !== undefined) seconds += Number(part.replace(',', '.')) * (UNIT_SECONDS[index] ?? 0);
  }
  return Number.isFinite(seconds) ? seconds : null;
}

/** Seconds as an ISO 8601 duration (`PT1H2M3S`); null for a negative or unreadable count. */
export function isoDuration(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3_600);
  const minutes = Math.floor((whole % 3_600) / 60);
  const rest = whole % 60;
  const parts = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || whole === 0 ? `${rest}S` : ''}`;
  return `PT${parts}`;
}

/** A duration as a clock reads it, `1:02:03` or `4:05`: the same in every language. */
export function clockDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3_600);
  const minutes = Math.floor((whole % 3_600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(whole % 60)}` : `${minutes}:${pad(whole % 60)}`;
}
