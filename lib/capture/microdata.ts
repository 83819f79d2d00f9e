/**
 * A page's microdata (`itemscope`, `itemtype`, `itemprop`) as schema nodes of the same shape as
 * JSON-LD's, so the same readers serve both. One pass over the page's `itemprop` elements, each
 * given to its nearest enclosing item, rather than a search per item: a page nests items deeply.
 * `itemref` is not followed; pages that use it are rare.
 */

import { absoluteUrl } from '../clip/urls';
import type { SchemaNode } from './schema-nodes';

const MAX_ITEMS = 1_000;
const MAX_PROPERTIES = 5_000;
const MAX_TEXT = 5_000;

// Elements whose value is an address or an attribute rather than their text (HTML, "Microdata").
const URL_ATTRIBUTE: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  audio: 'src',
  embed: 'src',
  iframe: 'src',
  img: 'src',
  source: 'src',
  track: 'src',
  video: 'src',
  object: 'data',
};
const VALUE_ATTRIBUTE: Record<string, string> = { meta: 'content', data: 'value', meter: 'value', time: 'datetime' };

function itemTypes(element: Element): string[] {
  return (element.getAttribute('itemtype') ?? '').split(/\s+/).filter(Boolean);
}

/** An element's value as microdata defines it: an address, an attribute, or its text. */
function propertyValue(element: Element, base: string): string | null {
  const tag = element.localName;
  const urlAttribute = URL_ATTRIBUTE[tag];
  if (urlAttribute) return absoluteUrl(element.getAttribute(urlAttribute), base);
  const valueAttribute = VALUE_ATTRIBUTE[tag];
  const attribute = valueAttribute ? element.getAttribute(valueAttribute) : null;
  return (attribute ?? element.textContent ?? '').slice(0, MAX_TEXT * 2);
}

/** The page's top-level items (those that are no other item's property), in document order. */
export function readMicrodata(doc: Document, base: string): SchemaNode[] {
  const items = new Map<Element, SchemaNode>();
  const topLevel: SchemaNode[] = [];
  for (const element of doc.querySelectorAll('[itemscope]')) {
    if (items.size >= MAX_ITEMS) break;
    const types = itemTypes(element);
    const node: SchemaNode = types.length > 0 ? { '@type': types } : {};
    items.set(element, node);
    if (!element.hasAttribute('itemprop')) topLevel.push(node);
  }
  if (items.size === 0) return [];
  let count = 0;
  for (const element of doc.querySelectorAll('[itemprop]')) {
    if (++count > MAX_PROPERTIES) break;
    const owner = element.parentElement?.closest('[itemscope]');
    const node = owner ? items.get(owner) : undefined;
    if (!node) continue;
    const value = element.hasAttribute('itemscope') ? items.get(element) : propertyValue(element, base);
    if (value === undefined || value === null) continue;
    for (const name of (element.getAttribute('itemprop') ?? '').split(/\s+/).filter(Boolean)) {
      // A property named by its full address (`https://schema.org/name`) is the same property.
      const key = name.replace(/^.*[/#]/, '');
      const list = node[key];
      if (Array.isArray(list)) list.push(value);
      else node[key] = [value];
    }
  }
  return topLevel;
}
