/**
 * Where each named page value is looked for, best first. The order per name is the judgement: a
 * paper's Highwire tags before its Open Graph copy, an article's JSON-LD before the page's
 * byline, the `<title>` element after what the page wrote for sharing.
 *
 * Places: `meta <name>`; `ld <path>` in the JSON-LD nodes that describe the page and `ld
 * <Type>:<path>` in the first node of that type; `md <path>` likewise in microdata; `doc <what>`
 * in the document itself; `ld ~<part>` in an article's `isPartOf` chain (issue, volume, journal)
 * and `meta ~pages` from the first and last page tags (lib/capture/named-values.ts reads them).
 */
import type { PageValueName } from './page-values';

export const PLACES: Partial<Record<PageValueName, readonly string[]>> = {
  // Today's order (lib/clip/metadata.ts), after a paper's own title: JSON-LD's `headline` comes
  // late because some sites fill it with a summary (Wikipedia: "constitutional monarchy in Oceania").
  title: [
    'meta citation_title',
    'meta og:title',
    'meta twitter:title',
    'meta dc.title',
    'meta dcterms.title',
    'doc title',
    'doc h1',
    'ld headline',
    'ld name',
    'md headline',
    'md name',
  ],
  authors: [
    'ld author',
    'md author',
    'meta citation_author',
    'meta dc.creator',
    'meta dcterms.creator',
    'ld creator',
    'meta author',
    'meta article:author',
    'doc author',
  ],
  published: [
    'ld datePublished',
    'md datePublished',
    'meta citation_publication_date',
    'meta citation_date',
    'meta citation_online_date',
    'meta dc.date.issued',
    'meta dcterms.issued',
    'meta dc.date',
    'meta dcterms.date',
    'meta article:published_time',
    'meta datepublished',
    'meta publishdate',
    'meta pubdate',
    'meta date',
    'ld dateCreated',
    'doc time',
  ],
  modified: [
    'ld dateModified',
    'md dateModified',
    'meta article:modified_time',
    'meta og:updated_time',
    'meta dcterms.modified',
    'meta citation_revision_date',
  ],
  siteName: ['meta og:site_name', 'ld WebSite:name', 'meta application-name'],
  publisher: ['ld publisher', 'md publisher', 'meta citation_publisher', 'meta dc.publisher', 'meta dcterms.publisher'],
  description: [
    'meta description',
    'meta og:description',
    'ld description',
    'md description',
    'meta dc.description',
    'meta dcterms.abstract',
    'meta citation_abstract',
    'meta twitter:description',
  ],
  language: [
    'doc lang',
    'ld inLanguage',
    'meta dc.language',
    'meta dcterms.language',
    'meta citation_language',
    'meta content-language',
    'meta og:locale',
  ],
  url: ['doc address'],
  canonicalUrl: ['doc canonical', 'meta og:url', 'ld url', 'md url'],
  image: ['meta og:image', 'ld image', 'md image', 'meta twitter:image'],
  keywords: [
    'ld keywords',
    'md keywords',
    'meta citation_keywords',
    'meta keywords',
    'meta news_keywords',
    'meta dc.subject',
    'meta dcterms.subject',
    'meta article:tag',
  ],
  about: ['ld about', 'md about'],
  headings: ['doc headings'],
  doi: [
    'meta citation_doi',
    'meta prism.doi',
    'meta dc.identifier',
    'meta dcterms.identifier',
    'ld identifier',
    'ld sameAs',
  ],
  isbn: ['ld isbn', 'md isbn', 'meta citation_isbn', 'meta book:isbn', 'meta dc.identifier', 'ld identifier'],
  issn: ['meta citation_issn', 'meta prism.issn', 'ld issn', 'ld ~issn', 'meta dc.identifier'],
  journal: [
    'meta citation_journal_title',
    'meta citation_conference_title',
    'meta prism.publicationname',
    'ld ~journal',
  ],
  volume: ['meta citation_volume', 'meta prism.volume', 'ld volumeNumber', 'ld ~volume'],
  issue: ['meta citation_issue', 'meta prism.number', 'ld issueNumber', 'ld ~issue'],
  pages: ['meta ~pages', 'ld pagination', 'ld ~pages'],
  pdfUrl: ['meta citation_pdf_url', 'doc pdf'],
  duration: ['ld duration', 'md duration', 'meta og:video:duration', 'meta video:duration'],
  ingredients: ['ld recipeIngredient', 'ld ingredients', 'md recipeIngredient', 'md ingredients'],
  instructions: ['ld recipeInstructions', 'md recipeInstructions'],
};
