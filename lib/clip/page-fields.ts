/**
 * Filling a space's own fields from the page: each writable property of the weblink type can take
 * one page value (or a fixed value), chosen per space in the options page (page-sources.ts). A
 * pure mapping from what the page says to field values, the shape the popup's form shows and a
 * quick clip sends (lib/fields/field-payload.ts); a value the page does not have, or one its
 * property cannot take, fills nothing, never an empty value (a new weblink has nothing to clear).
 */
import { dateResolutionOf } from '../api/property-values';
import { toPropertyValue } from '../fields/field-payload';
import { fieldValueProblem } from '../fields/field-validation';
import type { FieldValue } from '../fields/field-value';
import type { FieldMapping, StoredFixedValue } from '../message-schemas';
import type { ArticleFindings } from './article';
import type { PageMetadata } from './metadata';
import { type MappedDefinition, type PageReadSource, sourceFits } from './page-sources';
import { publishedDay, publishedInstant } from './published-date';
import { readingMinutes } from './reading-time';
import { fieldValueOfFixed } from './stored-fixed-value';

/** What the page said, as the clip has it. */
export interface PageValues {
  metadata: PageMetadata;
  /** What the article extraction found, when it ran and found an article. */
  article?: { findings: ArticleFindings; words: number } | null;
  /** The selection's plain text, when text is selected. */
  selectionText?: string | null;
}

/** A value as the page states it: text (a date and an address are text too) or a count. */
type StatedValue = string | number | null | undefined;

const positive = (count: number | undefined) => (count !== undefined && count > 0 ? count : undefined);

/**
 * What each source reads from the page: the candidates in order of preference, the first that
 * makes a value of the property's type filling it. Readability's `publishedTime` keeps the page's
 * own offset (so the publisher's calendar day), the page metadata finds dates in more places.
 */
const READERS: Record<PageReadSource, (page: PageValues) => readonly StatedValue[]> = {
  // Not Readability's byline: on index pages it is the first article's (corpus lwn-1, nytimes-5).
  author: ({ metadata }) => [metadata.author],
  published: ({ metadata, article }) => [article?.findings.publishedTime, metadata.publishedAt],
  siteName: ({ metadata, article }) => [metadata.siteName ?? article?.findings.siteName],
  description: ({ metadata, article }) => [metadata.description ?? article?.findings.excerpt],
  language: ({ metadata, article }) => [metadata.language ?? article?.findings.language],
  readingTime: ({ article }) => [positive(article ? readingMinutes(article.words) : undefined)],
  wordCount: ({ article }) => [positive(article?.words)],
  canonicalUrl: ({ metadata }) => [metadata.canonicalUrl],
  selection: ({ selectionText }) => [selectionText],
};

/** The value when the property can take it and it sets something. */
function filling(definition: MappedDefinition, value: FieldValue): FieldValue | undefined {
  return fieldValueProblem(definition, value) === undefined && toPropertyValue(definition, value) !== undefined
    ? value
    : undefined;
}

/** A page value as a value of the property's type (a date in the property's resolution). */
function fieldValueOf(definition: MappedDefinition, stated: StatedValue): FieldValue | undefined {
  if (stated === null || stated === undefined) return undefined;
  const text = String(stated).trim();
  switch (definition.type) {
    case 'text':
      return filling(definition, { type: 'text', text });
    case 'number':
      return filling(definition, { type: 'number', raw: text });
    case 'url':
      return filling(definition, { type: 'url', url: text });
    case 'date': {
      const day = dateResolutionOf(definition) === 'day';
      const start = day ? publishedDay(text) : publishedInstant(text);
      return start === null
        ? undefined
        : filling(definition, { type: 'date', value: day ? start.slice(0, 10) : start });
    }
    default:
      return undefined;
  }
}

/** A fixed value as it fills the property: a text or an address trimmed, as a page's would be. */
function fixedValueOf(definition: MappedDefinition, stored: StoredFixedValue): FieldValue | undefined {
  const fixed = fieldValueOfFixed(stored);
  if (fixed.type !== definition.type) return undefined;
  if (fixed.type === 'text') return fieldValueOf(definition, fixed.text);
  if (fixed.type === 'url') return fieldValueOf(definition, fixed.url);
  return filling(definition, fixed);
}

function mappedValue(mapping: FieldMapping, definition: MappedDefinition, page: PageValues): FieldValue | undefined {
  if (!sourceFits(mapping.source, definition)) return undefined;
  if (mapping.source === 'fixed') return fixedValueOf(definition, mapping.value);
  for (const stated of READERS[mapping.source](page)) {
    const value = fieldValueOf(definition, stated);
    if (value) return value;
  }
  return undefined;
}

/**
 * The field values a space's mappings give for a page, keyed by property id. Mappings of
 * properties the weblink type no longer has, or no longer lets clients write, are skipped.
 */
export function fieldValuesFromPage(
  definitions: readonly MappedDefinition[],
  mappings: readonly FieldMapping[],
  page: PageValues,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const mapping of mappings) {
    const definition = definitions.find(({ id }) => id === mapping.propertyId);
    const value = definition && mappedValue(mapping, definition, page);
    if (value) values[mapping.propertyId] = value;
  }
  return values;
}
