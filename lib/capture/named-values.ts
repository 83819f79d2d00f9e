/**
 * Reading the places of lib/capture/value-places.ts into page values with their origin. Every
 * value found is kept (the CLI lists them), without repeating one; a field takes the first, or
 * for a list the fullest group (lib/capture/page-values.ts).
 */
import { cleanTitle } from '../clip/metadata';
import { LIST_VALUE_NAMES, MAX_VALUES, type PageValue, type PageValueName, type PageValues } from './page-values';
import {
  describingNodes,
  nodeOfType,
  nodeTypes,
  partOfChain,
  type SchemaGraph,
  type SchemaNode,
  valuesAt,
} from './schema-nodes';
import { PLACES } from './value-places';
import { shapeValues } from './value-shapes';

/** Everything the readers found, for the places to look in. */
export interface PageSources {
  doc: Document;
  url: string;
  /** What relative addresses resolve against: the page's `<base href>`, else its address. */
  base: string;
  meta: Map<string, string[]>;
  jsonLd: SchemaGraph;
  microdata: SchemaNode[];
}

type Found = { texts: string[]; from: string };
const NO_GRAPH: SchemaGraph = { nodes: [], byId: new Map() };
const URL_NAMES: ReadonlySet<PageValueName> = new Set(['url', 'canonicalUrl', 'image', 'pdfUrl']);
const MAX_HEADINGS = 100;

function text(element: Element | null | undefined): string[] {
  const value = element?.getAttribute('content') ?? element?.getAttribute('datetime') ?? element?.textContent;
  return value ? [value] : [];
}

function fromDocument(sources: PageSources, what: string): string[] {
  const { doc } = sources;
  switch (what) {
    case 'address':
      return [sources.url];
    case 'title':
      return doc.title ? [doc.title] : [];
    case 'h1':
      return text(doc.querySelector('h1'));
    case 'headings':
      return [...doc.querySelectorAll('h1, h2, h3')].slice(0, MAX_HEADINGS).flatMap(text);
    case 'canonical':
      return [doc.querySelector('link[rel~="canonical"]')?.getAttribute('href') ?? ''];
    case 'pdf':
      return [doc.querySelector('link[rel~="alternate"][type="application/pdf"]')?.getAttribute('href') ?? ''];
    case 'lang':
      return [doc.documentElement.getAttribute('lang') ?? ''];
    case 'time':
      return text(doc.querySelector('time[datetime]'));
    case 'author':
      return text(doc.querySelector('[rel~="author"]') ?? doc.querySelector('.byline'));
    default:
      return [];
  }
}

function pageRange(first: string | undefined, last: string | undefined): string[] {
  if (!first) return [];
  return [last && last !== first ? `${first}–${last}` : first];
}

// What an article's `isPartOf` chain holds: the property, on the first parent of the type.
const PART_OF: Record<string, [key: string, type: string]> = {
  journal: ['name', 'periodical'],
  issn: ['issn', 'periodical'],
  volume: ['volumeNumber', 'publicationvolume'],
  issue: ['issueNumber', 'publicationissue'],
};

/** `~` places: what an article's `isPartOf` chain, or a pair of tags, says. */
function derived(sources: PageSources, what: string, node: SchemaNode | undefined): string[] {
  if (what === 'pages' && !node) {
    return pageRange(sources.meta.get('citation_firstpage')?.[0], sources.meta.get('citation_lastpage')?.[0]);
  }
  if (!node) return [];
  if (what === 'pages') {
    const [start] = valuesAt(node, 'pageStart', sources.jsonLd);
    return pageRange(start, valuesAt(node, 'pageEnd', sources.jsonLd)[0]);
  }
  const [key, type] = PART_OF[what] ?? ['', ''];
  const part = partOfChain(node, sources.jsonLd).find((parent) =>
    nodeTypes(parent).some((name) => name.toLowerCase() === type),
  );
  return part ? valuesAt(part, key, sources.jsonLd) : [];
}

function fromNodes(
  nodes: SchemaNode[],
  path: string,
  graph: SchemaGraph,
  kind: string,
  name: PageValueName,
  sources: PageSources,
): Found[] {
  const prefer = URL_NAMES.has(name) ? 'url' : 'text';
  const found: Found[] = [];
  for (const node of nodes) {
    const from = `${kind}:${nodeTypes(node)[0] ?? 'Thing'}.${path.replace(/^~/, '')}`;
    const texts = path.startsWith('~') ? derived(sources, path.slice(1), node) : valuesAt(node, path, graph, prefer);
    if (texts.length > 0) found.push({ texts, from });
  }
  return found;
}

function look(sources: PageSources, name: PageValueName, place: string, describing: DescribingNodes): Found[] {
  const [kind, where = ''] = place.split(' ');
  if (kind === 'meta') {
    if (where === '~pages') return [{ texts: derived(sources, 'pages', undefined), from: 'meta:citation_firstpage' }];
    return [{ texts: sources.meta.get(where) ?? [], from: `meta:${where}` }];
  }
  if (kind === 'doc')
    return [{ texts: fromDocument(sources, where), from: where === 'address' ? 'address' : `document:${where}` }];
  if (kind === 'md') return fromNodes(describing.microdata, where, NO_GRAPH, 'microdata', name, sources);
  const typed = /^(\w+):(.+)$/.exec(where);
  if (typed?.[1] && typed[2]) {
    const node = nodeOfType(sources.jsonLd.nodes, typed[1]);
    return node ? fromNodes([node], typed[2], sources.jsonLd, 'json-ld', name, sources) : [];
  }
  return fromNodes(describing.jsonLd, where, sources.jsonLd, 'json-ld', name, sources);
}

interface DescribingNodes {
  jsonLd: SchemaNode[];
  microdata: SchemaNode[];
}

/** Each named value the page has, every place's values in the order of PLACES, without repeats. */
export function readNamedValues(sources: PageSources): PageValues {
  const describing = { jsonLd: describingNodes(sources.jsonLd.nodes), microdata: describingNodes(sources.microdata) };
  const values: PageValues = {};
  for (const [name, places] of Object.entries(PLACES) as [PageValueName, readonly string[]][]) {
    const list: PageValue[] = [];
    const seen = new Set<string>();
    // A single value found again elsewhere adds nothing; a list is whole only with its own origin.
    const scope = (from: string) => (LIST_VALUE_NAMES.has(name) ? from : '');
    for (const place of places) {
      for (const { texts, from } of look(sources, name, place, describing)) {
        for (const raw of texts) {
          for (const value of shapeValues(name, raw, sources.base)) {
            const key = `${scope(from)}\n${value.toLowerCase()}`;
            if (list.length >= MAX_VALUES || seen.has(key)) continue;
            seen.add(key);
            list.push({ value, from });
          }
        }
      }
    }
    if (list.length > 0) values[name] = list;
  }
  return withCleanTitles(values, sources.url);
}

/** Titles without the site's name around them ("Story | Site"), as the page metadata reads them, each once. */
function withCleanTitles(values: PageValues, url: string): PageValues {
  if (!values.title) return values;
  const sites = [...(values.siteName ?? []), ...(values.publisher ?? [])].map(({ value }) => value);
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  const seen = new Set<string>();
  const title: PageValue[] = [];
  for (const { value, from } of values.title) {
    const cleaned = cleanTitle(value, sites, host);
    if (seen.has(cleaned.toLowerCase())) continue;
    seen.add(cleaned.toLowerCase());
    title.push({ value: cleaned, from });
  }
  return { ...values, title };
}
