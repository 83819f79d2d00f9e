/**
 * Lookups: the page values a rule names by a parameter rather than by a name — a JSON-LD or
 * microdata path, a meta tag, a CSS selector. The page is asked only for the lookups its rules
 * name (and a rule's `match.meta` tags), so that what the capture script hands back stays small
 * whatever the page holds. Each lookup has a key, the same on both sides.
 */
import { absoluteUrl } from '../clip/urls';
import { metaKey } from './meta-tags';
import type { PageSources } from './named-values';
import { MAX_VALUES, type PageValue } from './page-values';
import type { CaptureRule, FieldSource, LookupSource } from './rules-schema';
import { describingNodes, nodeOfType, nodeTypes, type SchemaNode, typeName, valuesAt } from './schema-nodes';
import { cleanText } from './value-shapes';

export type Lookup =
  | { source: 'meta'; name: string }
  | { source: 'jsonLd' | 'microdata'; path: string; type?: string | undefined }
  | { source: 'selector'; selector: string; attribute?: string | undefined };

/** `meta:citation_title`, `jsonLd:Recipe:nutrition.calories`, `jsonLd:*:about`, `selector[href]:a.pdf`. */
export function lookupKey(lookup: Lookup | LookupSource): string {
  switch (lookup.source) {
    case 'meta':
      return `meta:${metaKey(lookup.name)}`;
    case 'jsonLd':
    case 'microdata':
      return `${lookup.source}:${lookup.type ? typeName(lookup.type) : '*'}:${lookup.path}`;
    case 'selector':
      return `selector${lookup.attribute ? `[${lookup.attribute}]` : ''}:${lookup.selector}`;
  }
}

/** Whether a field's source is a lookup (rather than a named page value or a fixed value). */
export function isLookupSource(source: FieldSource): source is LookupSource {
  return ['meta', 'jsonLd', 'microdata', 'selector'].includes(source.source);
}

/** The lookups the enabled rules need: their fields' and their match's meta tags, each once. */
export function lookupsOf(rules: readonly CaptureRule[]): Lookup[] {
  const lookups = new Map<string, Lookup>();
  for (const rule of rules) {
    if (!rule.enabled) continue;
    for (const name of rule.match.meta ?? [])
      lookups.set(lookupKey({ source: 'meta', name }), { source: 'meta', name });
    for (const field of Object.values(rule.fields ?? {})) {
      if (isLookupSource(field)) lookups.set(lookupKey(field), field);
    }
  }
  return [...lookups.values()];
}

const MAX_SELECTED = 50;
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'content', 'data', 'action', 'poster', 'cite']);

function selected(doc: Document, base: string, selector: string, attribute: string | undefined): string[] {
  let elements: Element[];
  try {
    elements = [...doc.querySelectorAll(selector)].slice(0, MAX_SELECTED);
  } catch {
    // An invalid selector finds nothing; the rest of the rule still applies.
    return [];
  }
  return elements.flatMap((element) => {
    if (!attribute) return [element.textContent ?? ''];
    const value = element.getAttribute(attribute);
    if (value === null) return [];
    // An address attribute that holds a relative address is read as the browser would follow it.
    const resolved = ADDRESS_ATTRIBUTES.has(attribute.toLowerCase()) ? absoluteUrl(value, base) : null;
    return [resolved && /^https?:/.test(resolved) ? resolved : value];
  });
}

function atPath(nodes: SchemaNode[], lookup: Extract<Lookup, { path: string }>, sources: PageSources) {
  const graph = lookup.source === 'jsonLd' ? sources.jsonLd : { nodes: [], byId: new Map() };
  const all = lookup.source === 'jsonLd' ? sources.jsonLd.nodes : sources.microdata;
  const type = lookup.type;
  const candidates = type ? all.filter((node) => nodeOfType([node], type) !== undefined) : nodes;
  for (const node of candidates) {
    const texts = valuesAt(node, lookup.path, graph);
    const kind = lookup.source === 'jsonLd' ? 'json-ld' : 'microdata';
    if (texts.length > 0) return { texts, from: `${kind}:${nodeTypes(node)[0] ?? 'Thing'}.${lookup.path}` };
  }
  return { texts: [], from: '' };
}

/** What each lookup finds on the page: the first node that has a path, every meta tag, the selected elements. */
export function readLookups(sources: PageSources, lookups: readonly Lookup[]): Record<string, PageValue[]> {
  const found: Record<string, PageValue[]> = {};
  const describing = {
    jsonLd: describingNodes(sources.jsonLd.nodes),
    microdata: describingNodes(sources.microdata),
  };
  for (const lookup of lookups) {
    let texts: string[];
    let from: string;
    if (lookup.source === 'meta') {
      texts = sources.meta.get(metaKey(lookup.name)) ?? [];
      from = `meta:${metaKey(lookup.name)}`;
    } else if (lookup.source === 'selector') {
      texts = selected(sources.doc, sources.base, lookup.selector, lookup.attribute);
      from = `selector:${lookup.selector}`;
    } else {
      ({ texts, from } = atPath(
        lookup.source === 'jsonLd' ? describing.jsonLd : describing.microdata,
        lookup,
        sources,
      ));
    }
    const values = texts
      .map(cleanText)
      .filter((value): value is string => value !== null)
      .slice(0, MAX_VALUES)
      .map((value) => ({ value, from }));
    if (values.length > 0) found[lookupKey(lookup)] = values;
  }
  return found;
}
