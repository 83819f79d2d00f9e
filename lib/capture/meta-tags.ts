/**
 * A page's meta tags by name, every value kept in document order: Highwire's `citation_author`
 * is repeated once per author, `article:tag` once per tag. Names are lowercased and Dublin
 * Core's RDFa spelling (`dc:creator`, `dcterms:issued`) is read as its meta spelling
 * (`dc.creator`, `dcterms.issued`), so a rule names each tag one way.
 */

const MAX_NAMES = 500;
const MAX_VALUES_PER_NAME = 200;
const MAX_CONTENT = 10_000;

/** A meta name as rules and the readers write it. */
export function metaKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^(dc|dcterms):/, '$1.');
}

export function readMetaTags(doc: Document): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const meta of doc.querySelectorAll('meta[content]')) {
    const name =
      meta.getAttribute('name') ??
      meta.getAttribute('property') ??
      meta.getAttribute('itemprop') ??
      meta.getAttribute('http-equiv');
    const content = meta.getAttribute('content')?.slice(0, MAX_CONTENT).trim();
    if (!name || !content) continue;
    const key = metaKey(name);
    const values = tags.get(key);
    if (values) {
      if (values.length < MAX_VALUES_PER_NAME) values.push(content);
    } else if (tags.size < MAX_NAMES) tags.set(key, [content]);
  }
  return tags;
}
