import type { FieldDefinition } from '../fields/field-definition';
import type { FieldValueType } from '../fields/field-value';

/**
 * What can fill a property of a new clip, named once: the page values a clip template maps to
 * properties (read in page-fields.ts), and a fixed value set in the options page. The stored
 * template's schema (lib/message-schemas.ts), the types and the options page's names all come
 * from these lists; a new source is one more entry here, its reader and its message.
 */
export const PAGE_READ_SOURCES = [
  'author',
  'published',
  'siteName',
  'description',
  'language',
  'readingTime',
  'wordCount',
  'canonicalUrl',
  'selection',
] as const;

/** A source whose value is read from the page. */
export type PageReadSource = (typeof PAGE_READ_SOURCES)[number];
/** Every source: the page's values, and a fixed value set in the options page. */
export type PageValueSource = PageReadSource | 'fixed';

/**
 * The property types each source can fill, for the options page to offer only sensible pairs.
 * A date goes only into a date (`day` or `time`, as the property says), counts only into numbers;
 * an address also reads well as text. Title and tags have controls of their own; entities,
 * rich text and the read-only types take nothing from the page.
 */
export const PROPERTY_TYPES_BY_SOURCE: Readonly<Record<PageValueSource, readonly FieldValueType[]>> = {
  author: ['text'],
  published: ['date'],
  siteName: ['text'],
  description: ['text'],
  language: ['text'],
  readingTime: ['number'],
  wordCount: ['number'],
  canonicalUrl: ['url', 'text'],
  selection: ['text'],
  fixed: ['text', 'number', 'boolean', 'url', 'label'],
};

/** Every source, in the order the options page offers them: the page's values, then a fixed value. */
export const PAGE_VALUE_SOURCES = Object.keys(PROPERTY_TYPES_BY_SOURCE) as PageValueSource[];

/** Sources whose value only the article extraction finds (its word count): the rest need no article. */
export const ARTICLE_SOURCES: ReadonlySet<PageValueSource> = new Set(['readingTime', 'wordCount']);

/** What filling a property from the page needs to know of it. */
export type MappedDefinition = Pick<
  FieldDefinition,
  'id' | 'type' | 'writable' | 'dateResolution' | 'labelSet' | 'multiple'
>;

/** Whether `source` can fill the property: a writable one of a type the source fits. */
export function sourceFits(source: PageValueSource, definition: MappedDefinition): boolean {
  return definition.writable && (PROPERTY_TYPES_BY_SOURCE[source] as readonly string[]).includes(definition.type);
}

/** The sources the options page offers for a property, in a stable order. */
export function sourcesFor(definition: MappedDefinition): PageValueSource[] {
  return PAGE_VALUE_SOURCES.filter((source) => sourceFits(source, definition));
}
