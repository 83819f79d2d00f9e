import { describe, expect, it } from 'vitest';
import { toProperties } from '../fields/field-payload';
import type { FieldMapping } from '../message-schemas';
import type { ArticleFindings } from './article';
import type { PageMetadata } from './metadata';
import { fieldValuesFromPage, type PageValues } from './page-fields';
import {
  ARTICLE_SOURCES,
  type MappedDefinition,
  PAGE_VALUE_SOURCES,
  PROPERTY_TYPES_BY_SOURCE,
  sourceFits,
  sourcesFor,
} from './page-sources';

const metadata: PageMetadata = {
  title: 'A story',
  url: 'https://news.example.com/story?utm=x',
  canonicalUrl: 'https://news.example.com/story',
  author: 'Ann Author',
  siteName: 'Example News',
  publishedAt: '2024-03-06T07:30:00.000Z',
  description: 'What it is about.',
  faviconUrl: 'https://news.example.com/favicon.ico',
  language: 'en-GB',
};

const noMetadata: PageMetadata = {
  ...metadata,
  author: null,
  siteName: null,
  publishedAt: null,
  description: null,
  language: null,
};

const findings: ArticleFindings = {
  title: 'A story',
  byline: 'By Someone Scraped',
  siteName: 'Readability Site',
  publishedTime: '2024-03-05T23:30:00-08:00',
  excerpt: 'First paragraph.',
  language: 'en',
  direction: null,
};

const text = (id: string): MappedDefinition => ({ id, type: 'text', writable: true });
const number = (id: string): MappedDefinition => ({ id, type: 'number', writable: true });
const day = (id: string): MappedDefinition => ({ id, type: 'date', writable: true });
const time = (id: string): MappedDefinition => ({ id, type: 'date', writable: true, dateResolution: 'time' });
const url = (id: string): MappedDefinition => ({ id, type: 'url', writable: true });
const label: MappedDefinition = {
  id: 'status',
  type: 'label',
  writable: true,
  labelSet: [
    { id: 'opt-read', name: 'To read' },
    { id: 'opt-done', name: 'Done' },
  ],
};

/** What a clip sends for the page: the field values the mappings give, as sent. */
const propertiesFromPage = (definitions: MappedDefinition[], mappings: FieldMapping[], page: PageValues) =>
  toProperties(definitions, fieldValuesFromPage(definitions, mappings, page));

/** What one mapping sends for the page (for the property it is given, whatever its id), if anything. */
const mappedValue = (mapping: FieldMapping, definition: MappedDefinition, page: PageValues) =>
  propertiesFromPage([{ ...definition, id: mapping.propertyId }], [mapping], page)[mapping.propertyId];

const values = (overrides: Partial<PageValues> = {}): PageValues => ({
  metadata,
  article: { findings, words: 1_200 },
  selectionText: null,
  ...overrides,
});

describe('which sources fit which property types', () => {
  it('offers each source only for the types it can fill, and only on writable properties', () => {
    expect(sourcesFor(text('t'))).toEqual([
      'author',
      'siteName',
      'description',
      'language',
      'canonicalUrl',
      'selection',
      'fixed',
    ]);
    expect(sourcesFor(number('n'))).toEqual(['readingTime', 'wordCount', 'fixed']);
    expect(sourcesFor(day('d'))).toEqual(['published']);
    expect(sourcesFor(url('u'))).toEqual(['canonicalUrl', 'fixed']);
    expect(sourcesFor(label)).toEqual(['fixed']);
    expect(sourcesFor({ ...text('t'), writable: false })).toEqual([]);
  });

  it('offers nothing for the types the page cannot fill', () => {
    for (const type of ['title', 'entity', 'richText', 'createdAt', 'lastUpdatedAt', 'aliases', 'icon', 'blocks']) {
      expect(sourcesFor({ id: 'x', type, writable: true }), type).toEqual([]);
    }
  });

  it('lists every source with its types, and which of them need the article', () => {
    expect(PAGE_VALUE_SOURCES).toHaveLength(10);
    expect(PROPERTY_TYPES_BY_SOURCE.published).toEqual(['date']);
    expect([...ARTICLE_SOURCES].sort()).toEqual(['readingTime', 'wordCount']);
    expect(sourceFits('wordCount', text('t'))).toBe(false);
  });
});

describe('mappedValue', () => {
  it('fills text properties from the page metadata', () => {
    expect(mappedValue({ propertyId: 'a', source: 'author' }, text('a'), values())).toEqual({
      type: 'text',
      text: { value: 'Ann Author' },
    });
    expect(mappedValue({ propertyId: 's', source: 'siteName' }, text('s'), values())).toEqual({
      type: 'text',
      text: { value: 'Example News' },
    });
    expect(mappedValue({ propertyId: 'd', source: 'description' }, text('d'), values())).toEqual({
      type: 'text',
      text: { value: 'What it is about.' },
    });
    expect(mappedValue({ propertyId: 'l', source: 'language' }, text('l'), values())).toEqual({
      type: 'text',
      text: { value: 'en-GB' },
    });
  });

  it("falls back to Readability's findings for site, description and language, not for the author", () => {
    const page = values({ metadata: noMetadata });
    expect(mappedValue({ propertyId: 's', source: 'siteName' }, text('s'), page)).toEqual({
      type: 'text',
      text: { value: 'Readability Site' },
    });
    expect(mappedValue({ propertyId: 'd', source: 'description' }, text('d'), page)).toEqual({
      type: 'text',
      text: { value: 'First paragraph.' },
    });
    expect(mappedValue({ propertyId: 'l', source: 'language' }, text('l'), page)).toEqual({
      type: 'text',
      text: { value: 'en' },
    });
    expect(mappedValue({ propertyId: 'a', source: 'author' }, text('a'), page)).toBeUndefined();
  });

  it("writes the published date in the property's resolution, absent meaning day", () => {
    // Readability keeps the page's offset: the publisher's day is the 5th, though in UTC it is the 6th.
    expect(mappedValue({ propertyId: 'p', source: 'published' }, day('p'), values())).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: '2024-03-05T00:00:00.000Z' },
    });
    expect(mappedValue({ propertyId: 'p', source: 'published' }, time('p'), values())).toEqual({
      type: 'date',
      date: { dateResolution: 'time', start: '2024-03-06T07:30:00.000Z' },
    });
    expect(
      mappedValue({ propertyId: 'p', source: 'published' }, { ...day('p'), dateResolution: 'day' }, values()),
    ).toEqual({ type: 'date', date: { dateResolution: 'day', start: '2024-03-05T00:00:00.000Z' } });
  });

  it("uses the page metadata's date without an article, and when Readability's does not parse", () => {
    expect(mappedValue({ propertyId: 'p', source: 'published' }, day('p'), values({ article: null }))).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: '2024-03-06T00:00:00.000Z' },
    });
    const unparseable = values({ article: { findings: { ...findings, publishedTime: 'last Tuesday' }, words: 5 } });
    expect(mappedValue({ propertyId: 'p', source: 'published' }, day('p'), unparseable)).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: '2024-03-06T00:00:00.000Z' },
    });
  });

  it('gives no date when the page states none, or only text that is no date', () => {
    const undated = values({ metadata: noMetadata, article: null });
    expect(mappedValue({ propertyId: 'p', source: 'published' }, day('p'), undated)).toBeUndefined();
    const vague = values({ metadata: { ...noMetadata, publishedAt: 'sometime in spring' }, article: null });
    expect(mappedValue({ propertyId: 'p', source: 'published' }, day('p'), vague)).toBeUndefined();
    expect(mappedValue({ propertyId: 'p', source: 'published' }, time('p'), vague)).toBeUndefined();
  });

  it('counts words and reading minutes from the article, and gives none without one', () => {
    expect(mappedValue({ propertyId: 'w', source: 'wordCount' }, number('w'), values())).toEqual({
      type: 'number',
      number: { value: 1_200 },
    });
    expect(mappedValue({ propertyId: 'm', source: 'readingTime' }, number('m'), values())).toEqual({
      type: 'number',
      number: { value: 6 },
    });
    expect(
      mappedValue({ propertyId: 'w', source: 'wordCount' }, number('w'), values({ article: null })),
    ).toBeUndefined();
    expect(
      mappedValue({ propertyId: 'm', source: 'readingTime' }, number('m'), values({ article: null })),
    ).toBeUndefined();
    const empty = values({ article: { findings, words: 0 } });
    expect(mappedValue({ propertyId: 'm', source: 'readingTime' }, number('m'), empty)).toBeUndefined();
  });

  it('writes the canonical address into a url property, or as text', () => {
    expect(mappedValue({ propertyId: 'c', source: 'canonicalUrl' }, url('c'), values())).toEqual({
      type: 'url',
      url: { value: 'https://news.example.com/story' },
    });
    expect(mappedValue({ propertyId: 'c', source: 'canonicalUrl' }, text('c'), values())).toEqual({
      type: 'text',
      text: { value: 'https://news.example.com/story' },
    });
    const local = values({ metadata: { ...metadata, canonicalUrl: 'file:///home/me/page.html' } });
    expect(mappedValue({ propertyId: 'c', source: 'canonicalUrl' }, url('c'), local)).toBeUndefined();
  });

  it("fills the selection's plain text, and nothing without a selection", () => {
    expect(
      mappedValue({ propertyId: 'q', source: 'selection' }, text('q'), values({ selectionText: '  Quoted words\n' })),
    ).toEqual({ type: 'text', text: { value: 'Quoted words' } });
    expect(mappedValue({ propertyId: 'q', source: 'selection' }, text('q'), values())).toBeUndefined();
    expect(
      mappedValue({ propertyId: 'q', source: 'selection' }, text('q'), values({ selectionText: ' \n' })),
    ).toBeUndefined();
  });

  it('writes a fixed value of the property type, a label as the option with its id and name', () => {
    const fixed = (value: Extract<FieldMapping, { source: 'fixed' }>['value']): FieldMapping => ({
      propertyId: 'x',
      source: 'fixed',
      value,
    });
    expect(mappedValue(fixed({ type: 'label', optionId: 'opt-done' }), label, values())).toEqual({
      type: 'label',
      label: [{ id: 'opt-done', name: 'Done' }],
    });
    expect(mappedValue(fixed({ type: 'text', text: 'clipped' }), text('x'), values())).toEqual({
      type: 'text',
      text: { value: 'clipped' },
    });
    expect(mappedValue(fixed({ type: 'number', number: 3 }), number('x'), values())).toEqual({
      type: 'number',
      number: { value: 3 },
    });
    expect(
      mappedValue(fixed({ type: 'boolean', value: true }), { id: 'x', type: 'boolean', writable: true }, values()),
    ).toEqual({ type: 'boolean', boolean: { value: true } });
    expect(mappedValue(fixed({ type: 'url', url: 'https://example.com/' }), url('x'), values())).toEqual({
      type: 'url',
      url: { value: 'https://example.com/' },
    });
  });

  it('writes no fixed value that the property cannot take', () => {
    const fixed = (value: Extract<FieldMapping, { source: 'fixed' }>['value']): FieldMapping => ({
      propertyId: 'x',
      source: 'fixed',
      value,
    });
    // An option removed from the label set since the mapping was made.
    expect(mappedValue(fixed({ type: 'label', optionId: 'opt-gone' }), label, values())).toBeUndefined();
    expect(mappedValue(fixed({ type: 'text', text: 'x' }), number('x'), values())).toBeUndefined();
    expect(mappedValue(fixed({ type: 'text', text: '  ' }), text('x'), values())).toBeUndefined();
    expect(mappedValue(fixed({ type: 'number', number: Number.NaN }), number('x'), values())).toBeUndefined();
    expect(mappedValue(fixed({ type: 'url', url: 'javascript:alert(1)' }), url('x'), values())).toBeUndefined();
  });

  it('writes nothing through a mapping whose source does not fit the property', () => {
    expect(mappedValue({ propertyId: 'x', source: 'author' }, number('x'), values())).toBeUndefined();
    expect(mappedValue({ propertyId: 'x', source: 'published' }, text('x'), values())).toBeUndefined();
    expect(
      mappedValue({ propertyId: 'x', source: 'author' }, { ...text('x'), writable: false }, values()),
    ).toBeUndefined();
  });
});

describe('propertiesFromPage', () => {
  const definitions = [text('author'), day('published'), number('words'), url('link'), label];
  const mappings: FieldMapping[] = [
    { propertyId: 'author', source: 'author' },
    { propertyId: 'published', source: 'published' },
    { propertyId: 'words', source: 'wordCount' },
    { propertyId: 'link', source: 'canonicalUrl' },
    { propertyId: 'status', source: 'fixed', value: { type: 'label', optionId: 'opt-read' } },
    { propertyId: 'removed', source: 'siteName' },
  ];

  it('gives one typed value per mapped property, skipping properties the type no longer has', () => {
    expect(propertiesFromPage(definitions, mappings, values())).toEqual({
      author: { type: 'text', text: { value: 'Ann Author' } },
      published: { type: 'date', date: { dateResolution: 'day', start: '2024-03-05T00:00:00.000Z' } },
      words: { type: 'number', number: { value: 1_200 } },
      link: { type: 'url', url: { value: 'https://news.example.com/story' } },
      status: { type: 'label', label: [{ id: 'opt-read', name: 'To read' }] },
    });
  });

  it('leaves out every property whose page value is missing, never sending an empty one', () => {
    expect(propertiesFromPage(definitions, mappings, values({ metadata: noMetadata, article: null }))).toEqual({
      link: { type: 'url', url: { value: 'https://news.example.com/story' } },
      status: { type: 'label', label: [{ id: 'opt-read', name: 'To read' }] },
    });
  });
});
