/**
 * What a page says about itself: title, canonical address, author, site, date, description,
 * icon, language — from meta tags, JSON-LD and a few conventional elements, in that order.
 */
import { MAX_METADATA_CODE_LENGTH, MAX_METADATA_TEXT_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from './capture-limits';
import { absoluteUrl, documentBase } from './urls';

export interface PageMetadata {
  /** Never empty: falls back to the address. */
  title: string;
  url: string;
  /** Absolute; the page URL when the page names no other. */
  canonicalUrl: string;
  author: string | null;
  siteName: string | null;
  /** ISO 8601 when the page's date parses, else the page's own text. */
  publishedAt: string | null;
  description: string | null;
  faviconUrl: string;
  language: string | null;
}

type JsonObject = Record<string, unknown>;

const ARTICLE_TYPE = /Article|Posting|Report|Review/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
// Title separators; a colon is left out because it usually joins a title to its subtitle.
const SEPARATOR = String.raw`\s+(?:[|\-–—·•»/]|::)\s+`;
const TITLE_SUFFIX = new RegExp(`^(.*\\S)${SEPARATOR}(.+)$`);
const TITLE_PREFIX = new RegExp(`^(.+?)${SEPARATOR}(.*\\S)$`);

/** Meta text as a value: entities decoded (some pages escape twice), Latin whitespace collapsed. */
export function clean(value: string | null | undefined): string | null {
  // Some pages escape their meta content twice (`&amp;quot;`).
  const text = value
    ?.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    // Only Latin whitespace collapses: an ideographic space (U+3000) is part of CJK titles.
    .replace(/[ \t\r\n\f\v\u00a0]+/g, ' ')
    .trim();
  return text || null;
}

/** At most `max` UTF-16 units, not ending in half a surrogate pair. */
export function cut<T extends string | null>(text: T, max: number): T {
  if (text === null || text.length <= max) return text;
  return text.slice(0, max).replace(/[\ud800-\udbff]$/, '') as T;
}

function first(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    const cleaned = clean(value);
    if (cleaned) return cleaned;
  }
  return null;
}

/** Meta tags by lowercased `name`/`property`/`itemprop`/`http-equiv`; the first non-empty wins. */
function metaTags(doc: Document): Map<string, string> {
  const tags = new Map<string, string>();
  for (const meta of doc.querySelectorAll('meta[content]')) {
    const key = (
      meta.getAttribute('name') ??
      meta.getAttribute('property') ??
      meta.getAttribute('itemprop') ??
      meta.getAttribute('http-equiv')
    )?.toLowerCase();
    const content = clean(meta.getAttribute('content'));
    if (key && content && !tags.has(key)) tags.set(key, content);
  }
  return tags;
}

function collectObjects(value: unknown, into: JsonObject[]): void {
  if (Array.isArray(value)) for (const item of value) collectObjects(item, into);
  else if (value && typeof value === 'object') {
    into.push(value as JsonObject);
    collectObjects((value as JsonObject)['@graph'], into);
  }
}

/** The page's JSON-LD description of its article, if it has one. */
function jsonLdArticle(doc: Document): JsonObject | undefined {
  const objects: JsonObject[] = [];
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    const json = (script.textContent ?? '').replace(/^\s*(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>\s*$/g, '');
    try {
      collectObjects(JSON.parse(json), objects);
    } catch {
      // Broken JSON-LD is common; the other sources remain.
    }
  }
  return (
    objects.find((object) => ARTICLE_TYPE.test(String(object['@type']))) ??
    objects.find((object) => 'datePublished' in object || 'author' in object)
  );
}

/** A JSON-LD person/organization (or list of them) as names. */
function names(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return first(value.map(names).filter(Boolean).join(', '));
  if (value && typeof value === 'object') return names((value as JsonObject).name);
  return null;
}

function text(el: Element | null | undefined): string | null {
  return clean(el?.getAttribute('content') ?? el?.textContent);
}

function byline(doc: Document): string | null {
  const author = doc.querySelector('[itemprop~="author"]');
  return first(
    text(doc.querySelector('[rel~="author"]')),
    text(author?.querySelector('[itemprop~="name"]') ?? author),
    text(doc.querySelector('.author-name')),
    text(doc.querySelector('.byline')),
  );
}

function authorName(value: string | null | undefined): string | null {
  const name = clean(value)?.replace(/^by\s+/i, '');
  // Profile URLs (article:author) and whole author boxes are not names.
  return name && name.length <= 100 && !/^https?:\/\//.test(name) ? name : null;
}

/** Letters and digits only, lowercased: how title parts are compared with site names. */
function comparable(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The name a host is registered under: `theguardian` for www.theguardian.com, `bbc` for bbc.co.uk. */
function domainLabel(hostname: string): string {
  const labels = hostname.split('.');
  const secondLevel = labels.length > 2 && /^(?:co|com|org|net|ac|gov|edu|ne|or)$/.test(labels.at(-2) ?? '');
  return labels.at(secondLevel ? -3 : -2) ?? '';
}

/**
 * Removes a site name written after or before the title ("Title | Site", "Site — Title") only
 * when that part is recognisably the site: it contains the site name (or is part of it) or the
 * host's domain name. A leading part is more often the title's own topic ("Yahoo News - …"),
 * so it must be the site's name exactly.
 */
export function cleanTitle(title: string, siteNames: string[], hostname: string): string {
  const whole = comparable(title);
  const sites = siteNames.map(comparable).filter((site) => site.length >= 2 && site !== whole);
  const domain = comparable(domainLabel(hostname));
  const isSite = (part: string, exact: boolean) => {
    const name = comparable(part);
    if (!name) return false;
    if (exact) return sites.includes(name) || name === domain;
    return sites.some((site) => name.includes(site) || site.includes(name)) || (!!domain && name.includes(domain));
  };
  const suffix = TITLE_SUFFIX.exec(title);
  if (suffix?.[1] && suffix[2] && isSite(suffix[2], false)) return suffix[1];
  const prefix = TITLE_PREFIX.exec(title);
  if (prefix?.[1] && prefix[2] && isSite(prefix[1], true)) return prefix[2];
  return title;
}

function isoDate(value: string | null): string | null {
  if (!value) return null;
  // Date parsing is lenient ("Page 2" reads as a day in 2001): only text naming a year is a date.
  const date = /\b\d{4}\b/.test(value) ? new Date(value) : new Date(Number.NaN);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** Icon size from `sizes` ("32x32", "any" for SVG); apple-touch-icons default to 180 px. */
function iconSize(link: Element): number {
  const sizes = link.getAttribute('sizes') ?? '';
  if (/\bany\b/i.test(sizes)) return Number.POSITIVE_INFINITY;
  const largest = Math.max(0, ...[...sizes.matchAll(/(\d+)\s*[x×]\s*\d+/gi)].map((match) => Number(match[1])));
  return largest || (/apple-touch-icon/i.test(link.getAttribute('rel') ?? '') ? 180 : 16);
}

function faviconUrl(doc: Document, base: string): string {
  let best: { href: string; size: number } | undefined;
  for (const link of doc.querySelectorAll('link[rel][href]')) {
    const rels = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rels.some((rel) => rel === 'icon' || rel.startsWith('apple-touch-icon'))) continue;
    const href = absoluteUrl(link.getAttribute('href'), base);
    const size = iconSize(link);
    // A long `data:` icon is not worth a capture the background would refuse.
    if (href && href.length <= MAX_URL_LENGTH && (!best || size > best.size)) best = { href, size };
  }
  return best?.href ?? absoluteUrl('/favicon.ico', base) ?? base;
}

/** The names the site gives itself, the most specific first. */
function siteNamesOf(meta: Map<string, string>, article: JsonObject | undefined): string[] {
  return [meta.get('og:site_name'), names(article?.publisher), meta.get('application-name')]
    .map(clean)
    .filter((name): name is string => !!name);
}

/** The title a clip of the page gets: the page's own (its og:title first), without the site's name around it. */
function titleOf(doc: Document, url: string, meta: Map<string, string>, article: JsonObject | undefined): string {
  const siteNames = siteNamesOf(meta, article);
  const rawTitle = first(
    meta.get('og:title'),
    meta.get('twitter:title'),
    meta.get('dc.title'),
    doc.title,
    text(doc.querySelector('h1')),
    names(article?.headline),
  );
  const hostname = absoluteUrl(url, url) ? new URL(url).hostname : '';
  return cut(rawTitle ? cleanTitle(rawTitle, siteNames, hostname) : hostname || url, MAX_TITLE_LENGTH);
}

/**
 * The title "Save page" gives the page's weblink, for a clip made elsewhere than the page reader
 * (the highlighter's first highlight of a page names and finds its weblink by it).
 */
export function pageTitle(doc: Document, url: string): string {
  return titleOf(doc, url, metaTags(doc), jsonLdArticle(doc));
}

export function readPageMetadata(doc: Document, url: string): PageMetadata {
  const base = documentBase(doc, url);
  const meta = metaTags(doc);
  const article = jsonLdArticle(doc);
  const canonical = absoluteUrl(doc.querySelector('link[rel~="canonical"]')?.getAttribute('href'), base);
  // Each value is kept within the capture limits: the background refuses a capture beyond them.
  return {
    title: titleOf(doc, url, meta, article),
    url,
    canonicalUrl: canonical && /^https?:/.test(canonical) && canonical.length <= MAX_URL_LENGTH ? canonical : url,
    author:
      [meta.get('author'), meta.get('article:author'), meta.get('dc.creator'), names(article?.author), byline(doc)]
        .map(authorName)
        .find(Boolean) ?? null,
    siteName: cut(siteNamesOf(meta, article)[0] ?? null, MAX_METADATA_TEXT_LENGTH),
    publishedAt: cut(
      isoDate(
        first(
          names(article?.datePublished),
          meta.get('article:published_time'),
          meta.get('datepublished'),
          meta.get('publishdate'),
          meta.get('pubdate'),
          meta.get('dc.date.issued'),
          meta.get('date'),
          doc.querySelector('time[datetime]')?.getAttribute('datetime'),
        ),
      ),
      MAX_METADATA_CODE_LENGTH,
    ),
    description: cut(
      first(meta.get('description'), meta.get('og:description'), meta.get('twitter:description')),
      MAX_METADATA_TEXT_LENGTH,
    ),
    faviconUrl: faviconUrl(doc, base),
    language: cut(
      first(
        doc.documentElement.getAttribute('lang'),
        meta.get('content-language'),
        meta.get('og:locale')?.replace('_', '-'),
      ),
      MAX_METADATA_CODE_LENGTH,
    ),
  };
}
