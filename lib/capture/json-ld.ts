/**
 * A page's JSON-LD, read as data: each `<script type="application/ld+json">` element's text goes
 * through `JSON.parse` — never `eval`, never the page's own code — and what it holds is gathered
 * into a graph (lib/capture/schema-nodes.ts). Broken JSON is skipped: pages ship it often, and the
 * other scripts and sources remain.
 */
import { isNode, type SchemaGraph, type SchemaNode } from './schema-nodes';

// A page with hundreds of product nodes is read whole; one past these is read no further.
const MAX_SCRIPT_LENGTH = 2_000_000;
const MAX_NODES = 2_000;
const MAX_NESTING = 8;

// Some publishers wrap the JSON in CDATA markers, commented or not.
const CDATA = /^\s*(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>\s*$/g;

function gather(value: unknown, into: SchemaNode[], depth: number): void {
  if (into.length >= MAX_NODES || depth > MAX_NESTING) return;
  if (Array.isArray(value)) {
    for (const item of value) gather(item, into, depth + 1);
    return;
  }
  if (!isNode(value)) return;
  // A graph container (`{"@context", "@graph"}`) is not itself a description of anything.
  if (Object.keys(value).some((key) => key !== '@context' && key !== '@graph')) into.push(value);
  gather(value['@graph'], into, depth + 1);
  // What a page is mainly about is often nested in its WebPage node.
  const main = value.mainEntity;
  if (isNode(main) && (main['@type'] !== undefined || Object.keys(main).length > 1)) gather(main, into, depth + 1);
}

/** The graph of every JSON-LD script on the page. */
export function readJsonLd(doc: Document): SchemaGraph {
  const nodes: SchemaNode[] = [];
  for (const script of doc.querySelectorAll('script[type]')) {
    if (script.getAttribute('type')?.trim().toLowerCase() !== 'application/ld+json') continue;
    const text = script.textContent ?? '';
    if (text.length > MAX_SCRIPT_LENGTH) continue;
    let json: unknown;
    try {
      json = JSON.parse(text.replace(CDATA, ''));
    } catch {
      continue;
    }
    gather(json, nodes, 0);
    if (nodes.length >= MAX_NODES) break;
  }
  const byId = new Map<string, SchemaNode>();
  for (const node of nodes) {
    const id = node['@id'];
    if (typeof id === 'string' && !byId.has(id) && Object.keys(node).length > 1) byId.set(id, node);
  }
  return { nodes, byId };
}
