/**
 * Filling a space's own fields from the page: each writable property of the weblink type can take
 * one page value (or a fixed value), chosen per space in the options page (page-sources.ts). A
 * pure mapping from what the page says to typed property values; a value the page does not have
 * yields no property, never an empty one (a new weblink has nothing to clear).
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
import { isHttpUrl } from '../fields/field-validation';
import type { FieldMapping, StoredFixedValue } from '../message-schemas';
import type { ArticleFindings } from './article';
import type { PageMetadata } from './metadata';
import { type MappedDefinition, sourceFits } from './page-sources';
import { publishedDay, publishedInstant } from './published-date';
import { readingMinutes } from './reading-time';

/** What the page said, as the clip has it. */
export interface PageValues {
  metadata: PageMetadata;
  /** What the article extraction found, when it ran and found an article. */
  article?: { findings: ArticleFindings; words: number } | null;
  /** The selection's plain text, when text is selected. */
  selectionText?: string | null;
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
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

function fixedValue(value: StoredFixedValue, definition: MappedDefinition): PropertyValueInput | undefined {
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
