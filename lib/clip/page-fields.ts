/**
 * Filling a space's own fields from the page: each writable property of the weblink type can take
 * one page value (or a fixed value), chosen per space in the options page. A pure mapping from
 * what the page says to typed property values; a value the page does not have yields no property,
 * never an empty one (a new weblink has nothing to clear).
 */
import {
  booleanValue,
  dateResolutionOf,
  dateValue,
  labelValue,
  numberValue,
  textValue,
  urlValue,
} from '../api/property-values';
import type { PropertyValueInput } from '../api/schemas/property-values';
import type { PropertyDefinition } from '../api/schemas/space';
import type { ArticleFindings } from './article';
import type { PageMetadata } from './metadata';
import { publishedDay, publishedInstant } from './published-date';
import { readingMinutes } from './reading-time';

export type PageValueSource =
  | 'author'
  | 'published'
  | 'siteName'
  | 'description'
  | 'language'
  | 'readingTime'
  | 'wordCount'
  | 'canonicalUrl'
  | 'selection'
  | 'fixed';

/**
 * The property types each source can fill, for the options page to offer only sensible pairs.
 * A date goes only into a date (`day` or `time`, as the property says), counts only into numbers;
 * an address also reads well as text. Title and tags have controls of their own; entities,
 * rich text and the read-only types take nothing from the page.
 */
export const PROPERTY_TYPES_BY_SOURCE: Readonly<Record<PageValueSource, readonly string[]>> = {
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

export const PAGE_VALUE_SOURCES = Object.keys(PROPERTY_TYPES_BY_SOURCE) as PageValueSource[];

/** Sources whose value only the article extraction finds (its word count): the rest need no article. */
export const ARTICLE_SOURCES: ReadonlySet<PageValueSource> = new Set(['readingTime', 'wordCount']);

/** A value set in the options page; a label's is one option of the property's label set. */
export type FixedValue =
  | { type: 'text'; text: string }
  | { type: 'number'; number: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'url'; url: string }
  | { type: 'label'; optionId: string };

/** What fills one property: a page value, or a fixed value of the property's own type. */
export type FieldMapping =
  | { propertyId: string; source: Exclude<PageValueSource, 'fixed'> }
  | { propertyId: string; source: 'fixed'; value: FixedValue };

export type MappedDefinition = Pick<PropertyDefinition, 'id' | 'type' | 'writable' | 'dateResolution' | 'labelSet'>;

/** What the page said, as the clip has it. */
export interface PageValues {
  metadata: PageMetadata;
  /** What the article extraction found, when it ran and found an article. */
  article?: { findings: ArticleFindings; words: number } | null;
  /** The selection's plain text, when text is selected. */
  selectionText?: string | null;
}

/** Whether `source` can fill the property: a writable one of a type the source fits. */
export function sourceFits(source: PageValueSource, definition: MappedDefinition): boolean {
  return definition.writable && PROPERTY_TYPES_BY_SOURCE[source].includes(definition.type);
}

/** The sources the options page offers for a property, in a stable order. */
export function sourcesFor(definition: MappedDefinition): PageValueSource[] {
  return PAGE_VALUE_SOURCES.filter((source) => sourceFits(source, definition));
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

function textOf(value: string | null | undefined): PropertyValueInput | undefined {
  const text = nonEmpty(value);
  return text === null ? undefined : textValue(text);
}

function countOf(count: number | undefined): PropertyValueInput | undefined {
  return count === undefined || count <= 0 ? undefined : numberValue(count);
}

/**
 * The publication date in the property's resolution, from the first source that names one:
 * Readability's `publishedTime` keeps the page's own offset (so the publisher's calendar day), the
 * page metadata finds dates in more places.
 */
function publishedValue(
  sources: (string | null | undefined)[],
  definition: MappedDefinition,
): PropertyValueInput | undefined {
  const resolution = dateResolutionOf(definition);
  const read = resolution === 'day' ? publishedDay : publishedInstant;
  const start = sources.map(read).find((date) => date !== null);
  return start ? dateValue({ start, resolution }) : undefined;
}

function addressOf(url: string, definition: MappedDefinition): PropertyValueInput | undefined {
  if (definition.type !== 'url') return textOf(url);
  return isHttpUrl(url) ? urlValue(url) : undefined;
}

function fixedValue(value: FixedValue, definition: MappedDefinition): PropertyValueInput | undefined {
  if (value.type !== definition.type) return undefined;
  switch (value.type) {
    case 'text':
      return textOf(value.text);
    case 'number':
      return Number.isFinite(value.number) ? numberValue(value.number) : undefined;
    case 'boolean':
      return booleanValue(value.value);
    case 'url':
      return isHttpUrl(value.url.trim()) ? urlValue(value.url.trim()) : undefined;
    case 'label': {
      // An option removed from the space since the mapping was set is not sent.
      const option = definition.labelSet?.find(({ id }) => id === value.optionId);
      return option ? labelValue([{ id: option.id, name: option.name }]) : undefined;
    }
  }
}

/** The value one mapping gives, or undefined when the page (or the setting) has none for it. */
export function mappedValue(
  mapping: FieldMapping,
  definition: MappedDefinition,
  { metadata, article, selectionText }: PageValues,
): PropertyValueInput | undefined {
  if (!sourceFits(mapping.source, definition)) return undefined;
  const findings = article?.findings;
  switch (mapping.source) {
    case 'author':
      // Not Readability's byline: on index pages it is the first article's (corpus lwn-1, nytimes-5).
      return textOf(metadata.author);
    case 'published':
      return publishedValue([findings?.publishedTime, metadata.publishedAt], definition);
    case 'siteName':
      return textOf(metadata.siteName ?? findings?.siteName);
    case 'description':
      return textOf(metadata.description ?? findings?.excerpt);
    case 'language':
      return textOf(metadata.language ?? findings?.language);
    case 'readingTime':
      return countOf(article ? readingMinutes(article.words) : undefined);
    case 'wordCount':
      return countOf(article?.words);
    case 'canonicalUrl':
      return addressOf(metadata.canonicalUrl, definition);
    case 'selection':
      return textOf(selectionText);
    case 'fixed':
      return fixedValue(mapping.value, definition);
  }
}

/**
 * The properties a space's mappings give for a page, keyed by property id. Mappings of
 * properties the weblink type no longer has, or no longer lets clients write, are skipped.
 */
export function propertiesFromPage(
  definitions: readonly MappedDefinition[],
  mappings: readonly FieldMapping[],
  values: PageValues,
): Record<string, PropertyValueInput> {
  const properties: Record<string, PropertyValueInput> = {};
  for (const mapping of mappings) {
    const definition = definitions.find(({ id }) => id === mapping.propertyId);
    const value = definition && mappedValue(mapping, definition, values);
    if (value) properties[mapping.propertyId] = value;
  }
  return properties;
}
