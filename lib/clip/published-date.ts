/**
 * A page's publication date (as `PageMetadata.publishedAt` or Readability's `publishedTime` give
 * it: ISO 8601 when it parsed, else the page's own text) as the API's date forms. Only text that
 * clearly names a day counts: `Date` itself reads "Spring 2015" as 1 January.
 */
import { isCanonicalDay } from '../api/canonical-day';

// A date written as ISO 8601 starts with its calendar day, before any time or offset.
const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?=$|[T\s])/;
// Otherwise a day of the month, a month by name and a year ("25 Mar 2015", "March 25, 2015").
const MONTH_NAME = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?=[\s,]|$)/i;
const DAY_OF_MONTH = /(?:^|[\s,])\d{1,2}(?:st|nd|rd|th)?(?=[\s,]|$)/i;
const YEAR = /\b\d{4}\b/;
// A zone or offset in such a date ("GMT", "+0100"); without one, the date is the page's local day.
const ZONE = /\b(?:GMT|UTC|UT|Z)\b|[+-]\d{2}:?\d{2}\b/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** The calendar day `text` names, as `YYYY-MM-DD`, or null. */
function writtenDay(text: string): string | null {
  const iso = ISO_DAY.exec(text)?.[1];
  if (iso) return iso;
  if (!MONTH_NAME.test(text) || !DAY_OF_MONTH.test(text) || !YEAR.test(text)) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return null;
  // `Date` reads a date without zone as local time: its local fields are the day as written.
  return ZONE.test(text)
    ? date.toISOString().slice(0, 10)
    : `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The day it was published, as `YYYY-MM-DDT00:00:00.000Z`: the calendar day the page wrote (for
 * ISO dates the publisher's own day, whatever its offset); null when it names no day.
 */
export function publishedDay(value: string | null | undefined): string | null {
  const day = writtenDay(value?.trim() ?? '');
  const canonical = `${day}T00:00:00.000Z`;
  // Also rules out impossible days (2024-02-30).
  return day && isCanonicalDay(canonical) ? canonical : null;
}

/** The instant it was published, as an ISO 8601 timestamp in UTC; null when the text names no day. */
export function publishedInstant(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!publishedDay(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
