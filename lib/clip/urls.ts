/** URLs as they may appear in the Markdown of a clip: absolute, and safe inside `(…)`. */

// Schemes that mean nothing outside the page (or run code) are not worth a link.
const LOCAL_SCHEME = /^(?:javascript|vbscript|data|blob|about|file):$/;

/** Resolves `value` against `base`; null when it is empty, unparseable or page-local. */
export function absoluteUrl(value: string | null | undefined, base: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return LOCAL_SCHEME.test(url.protocol) ? null : url.href;
  } catch {
    return null;
  }
}

/**
 * Percent-encodes what would end or confuse a Markdown link destination. `URL#href` already
 * encodes spaces and most of the rest; parentheses and angle brackets can survive it.
 */
export function markdownUrl(url: string): string {
  return url.replace(/[()<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The base URL a page resolves its relative links against: its `<base href>` when it has one. */
export function documentBase(doc: Document, pageUrl: string): string {
  const href = doc.querySelector('base[href]')?.getAttribute('href');
  return absoluteUrl(href, pageUrl) ?? pageUrl;
}
