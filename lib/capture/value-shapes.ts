/**
 * What a page value of each kind looks like once read: identifiers found inside the text that
 * carries them (`doi:10.1000/xyz`, `ISSN 1950-6244`), addresses made absolute, keyword lists
 * split, durations in ISO 8601, author names without "By". One function per name that needs it;
 * each takes one text as the page wrote it and gives the values in it (none when it has none).
 */
import { clean, cut } from '../clip/metadata';
import { absoluteUrl } from '../clip/urls';
import { durationSeconds, isoDuration } from './iso-duration';
import { MAX_VALUE_LENGTH, type PageValueName } from './page-values';

/** Page text as a value: entities decoded, whitespace collapsed, within the value length. */
export function cleanText(text: string): string | null {
  return cut(clean(text), MAX_VALUE_LENGTH);
}

const DOI = /\b10\.\d{4,9}\/[^\s"<>]+/;
// ISBN-13 (978/979) or ISBN-10, with or without hyphens and spaces between its groups.
const ISBN = /\b(?:97[89][-\s]?)?\d{1,5}[-\s]?\d{1,7}[-\s]?\d{1,7}[-\s]?[\dX]\b/i;
const ISSN = /\b\d{4}-\d{3}[\dX]\b/i;

function doiIn(text: string): string[] {
  const doi = DOI.exec(decodeURIComponentSafe(text))?.[0];
  // A DOI at the end of a sentence or in brackets does not end with that punctuation.
  return doi ? [doi.replace(/[.,;)\]]+$/, '')] : [];
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether the check digit fits: a run of digits that merely looks like an ISBN is not one. */
function isbnChecks(digits: string): boolean {
  const values = [...digits].map((digit) => (digit === 'X' ? 10 : Number(digit)));
  if (digits.length === 13) {
    return values.reduce((sum, value, index) => sum + value * (index % 2 === 0 ? 1 : 3), 0) % 10 === 0;
  }
  return values.reduce((sum, value, index) => sum + value * (10 - index), 0) % 11 === 0;
}

function isbnIn(text: string): string[] {
  const digits = ISBN.exec(text)?.[0].replace(/[-\s]/g, '').toUpperCase();
  return digits && (digits.length === 10 || digits.length === 13) && isbnChecks(digits) ? [digits] : [];
}

function issnIn(text: string): string[] {
  const issn = ISSN.exec(text)?.[0];
  return issn ? [issn.toUpperCase()] : [];
}

function httpUrl(text: string, base: string): string[] {
  const url = absoluteUrl(text, base);
  return url && /^https?:/.test(url) && url.length <= 8_000 ? [url] : [];
}

/** Keywords as pages write them: a list, or one text separated by commas or semicolons. */
function keywords(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

function authors(text: string): string[] {
  // Several names in one byline are separated by semicolons; a comma may be "Last, First".
  return text
    .split(';')
    .map((name) => name.trim().replace(/^by\s+/i, ''))
    .filter((name) => name !== '' && name.length <= 200 && !/^https?:\/\//.test(name));
}

/** ISO 8601 as it is; Open Graph's count of seconds written as ISO 8601. */
function duration(text: string): string[] {
  if (durationSeconds(text) !== null) return [text.toUpperCase()];
  const iso = /^\d+(?:\.\d+)?$/.test(text) ? isoDuration(Number(text)) : null;
  return iso ? [iso] : [];
}

/** Highwire writes days with slashes (`2019/03/15`); ISO 8601, the API and `Date` read hyphens. */
function date(text: string): string[] {
  return [
    text.replace(
      /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?=$|[T\s])/,
      (_, y, m, d) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`,
    ),
  ];
}

function language(text: string): string[] {
  return /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i.test(text) ? [text.replace(/_/g, '-')] : [];
}

const SHAPES: Partial<Record<PageValueName, (text: string, base: string) => string[]>> = {
  authors,
  keywords,
  doi: doiIn,
  isbn: isbnIn,
  issn: issnIn,
  canonicalUrl: httpUrl,
  image: httpUrl,
  pdfUrl: httpUrl,
  duration,
  language,
  published: date,
  modified: date,
};

/** The values `text` gives the named page value; `base` resolves relative addresses. */
export function shapeValues(name: PageValueName, text: string, base: string): string[] {
  const cleaned = cleanText(text);
  if (cleaned === null) return [];
  const shape = SHAPES[name];
  return shape ? shape(cleaned, base) : [cleaned];
}
