import { z } from 'zod/mini';
import { CANONICAL_DAY_RULE, isCanonicalDay } from '../canonical-day';
import { refined } from './lean-kinds';

export { CANONICAL_DAY_RULE, isCanonicalDay };

export const canonicalDaySchema = z.string().check(refined(isCanonicalDay, { error: CANONICAL_DAY_RULE }));

export const ISO_DATE_TIME_RULE = 'must be an ISO 8601 date-time';

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;

/**
 * An ISO 8601 date-time with its offset (`Z` or `±hh:mm`), on a day the calendar has. Written out
 * rather than `z.iso.datetime()`, whose calendar rules cost the background a large expression.
 */
export function isIsoDateTime(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0));
  return date.getUTCMonth() === (month ?? 1) - 1 && date.getUTCDate() === day;
}

export const isoDateTimeSchema = z.string().check(refined(isIsoDateTime, { error: ISO_DATE_TIME_RULE }));

/** An http(s) address, as `new URL` reads it (without `z.url()`, for the same reason). */
export function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

export const httpUrlSchema = (error?: string) => z.string().check(refined(isHttpUrl, error ? { error } : undefined));
