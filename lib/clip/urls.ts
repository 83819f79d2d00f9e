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

// What a clip's links and images may point to. A link to any other scheme would hand the click
// to some program (`ms-msdt:`, `intent:`, an app's own scheme); an image loads by itself, on
// every view of the note, so it must be a web address.
const LINK_TARGET = /^(?:https?|mailto):/;
const IMAGE_SOURCE = /^https?:/;

/**
 * The one filter for every address the converter writes into a link or an image: absolute, of a
 * scheme a note may point to, and percent-encoded for `(…)`; null when it may not be written.
 */
export function markdownDestination(
  value: string | null | undefined,
  base: string,
  use: 'link' | 'image',
): string | null {
  const url = absoluteUrl(value, base);
  return url && (use === 'link' ? LINK_TARGET : IMAGE_SOURCE).test(url) ? markdownUrl(url) : null;
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
