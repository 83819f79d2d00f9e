/**
 * Page values: what a page says about itself, each value with where it came from. They are read
 * in the page (lib/capture/read-page.ts, inside the capture script) and used everywhere else — by
 * the rules (lib/capture/apply-rule.ts), by tag suggestions, by the popup that shows them and by
 * `npm run extract`, which prints them. Plain data only: an answer of the capture script crosses
 * from the page to the extension as JSON, and is bounded by the limits below.
 */
import { readingMinutes } from '../clip/reading-time';

/** The values a rule can name, in the order the rules editor offers them. */
export const PAGE_VALUE_NAMES = [
  'title',
  'authors',
  'published',
  'modified',
  'siteName',
  'publisher',
  'description',
  'language',
  'url',
  'canonicalUrl',
  'image',
  'keywords',
  'about',
  'headings',
  'doi',
  'isbn',
  'issn',
  'journal',
  'volume',
  'issue',
  'pages',
  'pdfUrl',
  'duration',
  'ingredients',
  'instructions',
  // Known only outside the page reader: the article's length and the selection (withClipValues).
  'readingTime',
  'wordCount',
  'selection',
] as const;
export type PageValueName = (typeof PAGE_VALUE_NAMES)[number];

/**
 * One value and where it came from: `meta:citation_author`, `json-ld:ScholarlyArticle.author`,
 * `microdata:Recipe.recipeIngredient`, `document:title`, `address`, `article`, `selection`,
 * `selector:<css>`, `fixed`. The origin is for people (the CLI, a future "why this value"), and
 * groups a list's values by the place that gave them (listValues).
 */
export interface PageValue {
  value: string;
  from: string;
}

/** Every value found per name, best first; a name the page does not have is absent. */
export type PageValues = { [name in PageValueName]?: PageValue[] };

/** What the capture script read on a page: everything rules, fields and suggestions need. */
export interface PageReading {
  /** The page's address, as the tab has it. */
  url: string;
  values: PageValues;
  /** The schema.org types the page's JSON-LD nodes and top-level microdata items have, bare (`Recipe`). */
  types: string[];
  /** What each lookup a rule names found (lib/capture/lookups.ts), by its key. */
  lookups: Record<string, PageValue[]>;
}

/** Names whose values are a list on the page: several authors, keywords, ingredients, steps. */
export const LIST_VALUE_NAMES: ReadonlySet<PageValueName> = new Set([
  'authors',
  'keywords',
  'about',
  'headings',
  'ingredients',
  'instructions',
]);

/** How a list reads as one text: one step or ingredient per line, other lists with commas. */
export function listSeparator(name: PageValueName | undefined): string {
  return name === 'ingredients' || name === 'instructions' ? '\n' : ', ';
}

/** How long one value may be, in UTF-16 units: the limit of the page metadata's texts. */
export const MAX_VALUE_LENGTH = 5_000;
/** How many values one name (or one lookup) may hold. */
export const MAX_VALUES = 200;

/**
 * The values of a list, from the one origin that gave the most of them (the first on a tie).
 * Lists from two origins are not merged: the same authors spelled twice ("Ada Lovelace",
 * "Lovelace, A.") would be linked twice.
 */
export function fullestGroup(values: readonly PageValue[]): PageValue[] {
  const groups = new Map<string, PageValue[]>();
  for (const value of values) {
    const group = groups.get(value.from);
    if (group) group.push(value);
    else groups.set(value.from, [value]);
  }
  let best: PageValue[] = [];
  for (const group of groups.values()) if (group.length > best.length) best = group;
  return best;
}

/** The strings a name gives a field: the best value, or a list's fullest group. */
export function pickValues(values: readonly PageValue[] | undefined, list: boolean): string[] {
  if (!values || values.length === 0) return [];
  if (!list) return [values[0]?.value ?? ''];
  return fullestGroup(values).map(({ value }) => value);
}

/** The values the article extraction and the selection add, which the page reader does not read. */
export interface ClipValues {
  /** The article's word count, when it was read. */
  words?: number | null;
  /** The selection's plain text, when text is selected. */
  selectionText?: string | null;
}

/** `values` with the article's counts and the selection, as a clip has them. */
export function withClipValues(values: PageValues, clip: ClipValues): PageValues {
  const added: PageValues = { ...values };
  const words = clip.words ?? 0;
  if (words > 0) {
    added.wordCount = [{ value: String(words), from: 'article' }];
    added.readingTime = [{ value: String(readingMinutes(words)), from: 'article' }];
  }
  const selection = clip.selectionText?.trim();
  if (selection) added.selection = [{ value: selection.slice(0, MAX_VALUE_LENGTH), from: 'selection' }];
  return added;
}
