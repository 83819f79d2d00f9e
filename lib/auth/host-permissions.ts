import { browser } from 'wxt/browser';
import { db } from '../db';
import { originPattern } from './origin-pattern';
import { effectiveServiceSettings } from './settings';

/**
 * Gives up the host permission of a service address that nothing uses any more: not the service
 * setting, no connected space, no revocation still to send. The manifest's own host stays: it
 * cannot be removed, and it is the build's service.
 */
export async function releaseUnusedOrigin(baseUrl: string): Promise<void> {
  const pattern = originPattern(baseUrl);
  if (browser.runtime.getManifest().host_permissions?.includes(pattern)) return;
  const database = await db();
  const [service, secrets, revocations] = await Promise.all([
    effectiveServiceSettings(),
    database.getAll('secrets'),
    database.getAll('revocations'),
  ]);
  const inUse = [service.baseUrl, ...secrets.map((secret) => secret.baseUrl), ...revocations.map((r) => r.baseUrl)];
  if (inUse.some((url) => originPattern(url) === pattern)) return;
  // A permission that was never granted (or already removed) is no reason to fail the caller.
  await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
}
