/**
 * When two addresses are the same page, for "already saved" and for finding a clip's weblink: one
 * rule, used everywhere. What does not change the page is ignored: an anchor fragment, tracking
 * parameters (utm_*, fbclid, gclid and their kind), a trailing slash, a default port, and the case of
 * the scheme and host (the URL parser already lowercases those and drops default ports). The path
 * and the other parameters keep their case and order: they may name another page. So does a
 * route fragment (`#/doc/2`, `#!/x`): a hash-routed app shows a different page for each, while a
 * plain anchor (`#section`) only scrolls the same one.
 */

const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wickedid',
]);

function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMETERS.has(lower);
}

/** The form of an address under which the same page always compares equal. */
export function pageKey(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return url.trim();
  }
  const kept = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !isTracking(decodeURIComponentSafe(pair.split('=')[0] ?? '')));
  const search = kept.length > 0 ? `?${kept.join('&')}` : '';
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.protocol}//${parsed.host}${path}${search}${routeFragment(parsed.hash)}`;
}

/** A fragment that names a route of a hash-routed app (`#/…`, `#!…`), without a trailing slash; '' for an anchor. */
function routeFragment(hash: string): string {
  if (!hash.startsWith('#/') && !hash.startsWith('#!')) return '';
  const route = hash.replace(/\/+$/, '');
  return route === '#' || route === '#!' ? '' : route;
}

export function samePage(a: string, b: string): boolean {
  return pageKey(a) === pageKey(b);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The site a page belongs to (its host, lower case), for choices remembered per site; '' when not a URL. */
export function siteOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
