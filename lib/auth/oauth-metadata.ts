import { discover, type OAuthServerMetadata } from '../api';

/**
 * RFC 8414 metadata per base URL, discovered once per service-worker lifetime. A failed discovery
 * is not cached, so the next attempt asks again.
 */
const discovered = new Map<string, Promise<OAuthServerMetadata>>();

export function oauthMetadata(baseUrl: string): Promise<OAuthServerMetadata> {
  let pending = discovered.get(baseUrl);
  if (!pending) {
    pending = discover(baseUrl);
    discovered.set(baseUrl, pending);
    pending.catch(() => discovered.delete(baseUrl));
  }
  return pending;
}
