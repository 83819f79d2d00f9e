/**
 * schema.org descriptions as plain JSON objects: JSON-LD nodes as parsed, and microdata items
 * turned into the same shape (lib/capture/microdata.ts), so one set of readers serves both.
 * Everything here walks bounded depths and counts: a page decides how deep and wide its JSON is.
 */

export type SchemaNode = { [key: string]: unknown };

/** The nodes a page describes itself with, and the ones other nodes point to by `@id`. */
export interface SchemaGraph {
  /** Top-level nodes, `@graph` members and `mainEntity` values, in document order. */
  nodes: SchemaNode[];
  byId: Map<string, SchemaNode>;
}

const MAX_DEPTH = 6;
const MAX_FAN_OUT = 200;

// Types that describe the site or the page's furniture rather than what the page is about.
const SITE_TYPES = new Set([
  'website',
  'organization',
  'newsmediaorganization',
  'corporation',
  'breadcrumblist',
  'listitem',
  'sitenavigationelement',
  'searchaction',
  'imageobject',
  'wpheader',
  'wpfooter',
  'wpsidebar',
  'readaction',
  'viewaction',
  'speakablespecification',
]);
// WebPage and its kinds (CollectionPage, ItemPage, …): about the page, read after the content.
const PAGE_TYPE = /page$/;

export function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A type's bare name: `https://schema.org/Recipe`, `schema:Recipe` and `Recipe` are all `Recipe`. */
export function typeName(value: string): string {
  return value.trim().replace(/^.*[/#:]/, '');
}

/** The node's types (`@type` is a string or a list), as bare names. */
export function nodeTypes(node: SchemaNode): string[] {
  const types = node['@type'];
  const list = Array.isArray(types) ? types : [types];
  return list.filter((type): type is string => typeof type === 'string' && type.trim() !== '').map(typeName);
}

/** A `{"@id": …}` reference replaced by the node it names, when the page has that node. */
export function resolve(value: unknown, graph: SchemaGraph): unknown {
  if (!isNode(value)) return value;
  const id = value['@id'];
  if (typeof id !== 'string' || Object.keys(value).some((key) => key !== '@id')) return value;
  return graph.byId.get(id) ?? value;
}

function typeIs(node: SchemaNode, test: (type: string) => boolean): boolean {
  return nodeTypes(node).some((type) => test(type.toLowerCase()));
}

/** Ids that some node's property points to (an author, a publisher), except as its main entity. */
function referencedIds(nodes: readonly SchemaNode[]): Set<string> {
  const ids = new Set<string>();
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'mainEntity' || key.startsWith('@')) continue;
      for (const item of Array.isArray(value) ? value.slice(0, MAX_FAN_OUT) : [value]) {
        if (isNode(item) && typeof item['@id'] === 'string') ids.add(item['@id']);
      }
    }
  }
  return ids;
}

/**
 * The nodes that say what the page is, best first: content (an Article, a Recipe) that no other
 * node merely points to (unless all do), then the page's own node (WebPage). A site's Organization, its
 * breadcrumbs, or an author's Person node referenced from an article are left out: their name is
 * not the page's title.
 */
export function describingNodes(nodes: readonly SchemaNode[]): SchemaNode[] {
  const referenced = referencedIds(nodes);
  const content: SchemaNode[] = [];
  const pointedTo: SchemaNode[] = [];
  const pages: SchemaNode[] = [];
  for (const node of nodes) {
    if (typeIs(node, (type) => SITE_TYPES.has(type))) continue;
    if (typeIs(node, (type) => PAGE_TYPE.test(type))) pages.push(node);
    else if (typeof node['@id'] === 'string' && referenced.has(node['@id'])) pointedTo.push(node);
    else content.push(node);
  }
  // Nodes that only point at each other still describe the page when nothing else does.
  return [...(content.length > 0 ? content : pointedTo), ...pages];
}

/** The first node of a type (bare name, any case). */
export function nodeOfType(nodes: readonly SchemaNode[], type: string): SchemaNode | undefined {
  const wanted = type.toLowerCase();
  return nodes.find((node) => typeIs(node, (name) => name === wanted));
}

/** Whether a value prefers addresses (an image's `url`) over names when it is an object. */
export type Prefer = 'text' | 'url';
const TEXT_KEYS = ['@value', 'text', 'name'];
const URL_KEYS = ['url', 'contentUrl', '@id'];

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * The texts a value holds: a string or number as it is; a Person or Organization as its name
 * (or given and family name); an ImageObject as its address; a HowToStep as its text; a
 * HowToSection as its name followed by its steps; a list as all of them.
 */
export function textsOf(value: unknown, graph: SchemaGraph, prefer: Prefer = 'text', depth = 0): string[] {
  const scalar = scalarText(value);
  if (scalar !== undefined) return [scalar];
  if (depth > MAX_DEPTH) return [];
  if (Array.isArray(value)) {
    return value.slice(0, MAX_FAN_OUT).flatMap((item) => textsOf(item, graph, prefer, depth + 1));
  }
  const node = resolve(value, graph);
  if (!isNode(node)) return [];
  if (node.itemListElement !== undefined) {
    const section = typeIs(node, (type) => type === 'howtosection') ? textsOf(node.name, graph, 'text', depth + 1) : [];
    return [...section.map((name) => `${name}:`), ...textsOf(node.itemListElement, graph, prefer, depth + 1)];
  }
  const keys = prefer === 'url' ? [...URL_KEYS, ...TEXT_KEYS] : [...TEXT_KEYS, ...URL_KEYS.slice(0, 2)];
  for (const key of keys) {
    const texts = textsOf(node[key], graph, prefer, depth + 1);
    if (texts.length > 0) return texts;
  }
  const part = (key: string) => textsOf(node[key], graph, 'text', depth + 1)[0];
  const fullName = [part('givenName'), part('familyName')].filter(Boolean).join(' ');
  return fullName ? [fullName] : [];
}

/**
 * The values at a dotted path (`nutrition.calories`, `isPartOf.name`) in a node: lists fan out at
 * every step, references are followed. The texts of what is found, as textsOf reads them.
 */
export function valuesAt(node: SchemaNode, path: string, graph: SchemaGraph, prefer: Prefer = 'text'): string[] {
  let current: unknown[] = [node];
  for (const key of path.split('.').slice(0, MAX_DEPTH)) {
    const next: unknown[] = [];
    for (const item of current) {
      const resolved = resolve(item, graph);
      if (!isNode(resolved) || !(key in resolved)) continue;
      const value = resolved[key];
      for (const child of Array.isArray(value) ? value.slice(0, MAX_FAN_OUT) : [value]) next.push(child);
      if (next.length >= MAX_FAN_OUT) break;
    }
    current = next;
  }
  return current.flatMap((item) => textsOf(item, graph, prefer));
}

/** The node's `isPartOf` chain (an issue, its volume, its journal), nearest first. */
export function partOfChain(node: SchemaNode, graph: SchemaGraph): SchemaNode[] {
  const parentOf = (child: SchemaNode) =>
    resolve(Array.isArray(child.isPartOf) ? child.isPartOf[0] : child.isPartOf, graph);
  const chain: SchemaNode[] = [];
  let current = parentOf(node);
  while (isNode(current) && chain.length < 4) {
    chain.push(current);
    current = parentOf(current);
  }
  return chain;
}
