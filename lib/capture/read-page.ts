/**
 * Reading a page for capture: its meta tags, JSON-LD and microdata once each, then the named
 * values, the schema.org types and the lookups the rules asked for. Runs in the page (inside the
 * capture script, or in the headless Chromium of `npm run extract`); touches the document only
 * through DOM reads (`querySelectorAll`, attributes, `textContent`), runs none of the page's code.
 */
import { documentBase } from '../clip/urls';
import { readJsonLd } from './json-ld';
import { type Lookup, readLookups } from './lookups';
import { readMetaTags } from './meta-tags';
import { readMicrodata } from './microdata';
import { type PageSources, readNamedValues } from './named-values';
import type { PageReading } from './page-values';
import { nodeTypes } from './schema-nodes';

const MAX_TYPES = 100;

export function readPage(doc: Document, url: string, lookups: readonly Lookup[] = []): PageReading {
  const base = documentBase(doc, url);
  const jsonLd = readJsonLd(doc);
  const sources: PageSources = {
    doc,
    url,
    base,
    meta: readMetaTags(doc),
    jsonLd,
    microdata: readMicrodata(doc, base),
  };
  const types = new Set<string>();
  for (const node of [...jsonLd.nodes, ...sources.microdata]) {
    for (const type of nodeTypes(node)) if (types.size < MAX_TYPES && type.length <= 200) types.add(type);
  }
  return {
    url,
    values: readNamedValues(sources),
    types: [...types],
    lookups: readLookups(sources, lookups),
  };
}
