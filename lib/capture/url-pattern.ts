/**
 * The address part of a rule's match, in URLPattern syntax. URLPattern is built into every
 * runtime this code runs in — Chromium, Firefox from 142 (ESR 153 checked), Node from 23.8 (the
 * project pins 24) — so no polyfill is shipped.
 *
 * A person writes one of:
 * - a whole URL pattern with its scheme: `https://www.nature.com/articles/*`;
 * - a host and path without scheme: `nature.com/articles/*` (any scheme);
 * - a host pattern: `*.substack.com`, `{*.}?arxiv.org`;
 * - a plain host name: `arxiv.org`, which also matches its subdomains (`www.arxiv.org`,
 *   `export.arxiv.org`), as a person who names a site means it.
 */

// The characters that make a host a pattern rather than a plain name (URLPattern syntax).
const PATTERN_SYNTAX = /[*:(){}+?\\]/;

function patternInit(pattern: string): string | URLPatternInit {
  const trimmed = pattern.trim();
  if (trimmed.includes('://')) return trimmed;
  const slash = trimmed.indexOf('/');
  const host = slash === -1 ? trimmed : trimmed.slice(0, slash);
  const hostname = PATTERN_SYNTAX.test(host) ? host : `{*.}?${host}`;
  return slash === -1 ? { hostname } : { hostname, pathname: trimmed.slice(slash) };
}

/** The pattern, or null when it is not one URLPattern accepts. */
export function compileUrlPattern(pattern: string): URLPattern | null {
  if (pattern.trim() === '') return null;
  try {
    return new URLPattern(patternInit(pattern));
  } catch {
    return null;
  }
}

/** Whether `pattern` is a pattern a rule may hold (the rules file's check). */
export function isUrlPattern(pattern: string): boolean {
  return compileUrlPattern(pattern) !== null;
}
