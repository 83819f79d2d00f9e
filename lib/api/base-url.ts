import { InvalidInputError } from './errors';

/** 127.0.0.0/8, ::1 and localhost: the only hosts where plain HTTP is acceptable (local emulator). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Checks a service base URL and returns it without a trailing slash, so paths can be appended.
 * HTTPS is required (a bearer token must not travel in clear text) except on loopback hosts.
 */
export function normalizeBaseUrl(input: string): string {
  const refuse = (detail: string) => new InvalidInputError({ endpoint: 'API base URL', detail });
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw refuse('the API base URL is not a valid address');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw refuse('the API base URL must start with https:// (plain http:// only for 127.0.0.1 or localhost)');
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw refuse('the API base URL must not contain credentials, a query or a fragment');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export type QueryValue = string | number | boolean | undefined;

/** `path` starts with '/'; it is appended to the base URL's own path (which may be a prefix). */
export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(`${baseUrl}${path}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.href;
}
