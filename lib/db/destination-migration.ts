import { browser } from 'wxt/browser';
import { normalizeBaseUrl } from '../api/base-url';
import { type LegacyValues, SERVICE_SETTINGS_KEY, type StoredSecret, type UpgradeTransaction } from './schema';

/**
 * Database version 1 kept where tokens go in `storage.local`: the service settings
 * (`settings.apiBaseUrl`, `settings.oauthClientId`) and each connection's `baseUrl` and
 * `clientId`. Content scripts can write there, so version 2 keeps them beside the tokens. This
 * moves an existing install's values once, during the upgrade to version 2.
 */

export function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** A stored base URL that still passes today's rules, else null (the build's default then applies). */
function checkedBaseUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    return normalizeBaseUrl(value);
  } catch {
    return null;
  }
}

function checkedClientId(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Runs inside the version-2 upgrade transaction: it commits with the new store, or not at all. */
export async function moveDestinationsIntoDb(transaction: UpgradeTransaction, legacy: LegacyValues): Promise<void> {
  const settings = record(legacy.settings);
  await transaction
    .objectStore('settings')
    .put(
      { apiBaseUrl: checkedBaseUrl(settings.apiBaseUrl), oauthClientId: checkedClientId(settings.oauthClientId) },
      SERVICE_SETTINGS_KEY,
    );
  const connections = Array.isArray(legacy.connections) ? legacy.connections.map(record) : [];
  let cursor = await transaction.objectStore('secrets').openCursor();
  while (cursor) {
    const secret = cursor.value;
    const connection = connections.find((candidate) => candidate.spaceId === secret.spaceId);
    const baseUrl = checkedBaseUrl(connection?.baseUrl);
    const clientId = checkedClientId(connection?.clientId);
    if (baseUrl === null || (secret.method === 'oauth' && clientId === null)) {
      // A token whose address is unknown cannot be sent anywhere safely: the space must be connected again.
      await cursor.delete();
    } else {
      const moved: StoredSecret =
        secret.method === 'oauth' ? { ...secret, baseUrl, clientId: clientId as string } : { ...secret, baseUrl };
      await cursor.update(moved);
    }
    cursor = await cursor.continue();
  }
}

/**
 * After the moves: nothing in `storage.local` names a token's address any more, and the settings
 * that moved (version 3 took the rest of them, lib/db/choice-migration.ts) are gone from it.
 */
export async function dropLegacyValues(): Promise<void> {
  const { connections } = await browser.storage.local.get('connections');
  await browser.storage.local.remove('settings');
  if (!Array.isArray(connections)) return;
  await browser.storage.local.set({
    connections: connections.map((connection) => {
      const { baseUrl: _baseUrl, clientId: _clientId, ...kept } = record(connection);
      return kept;
    }),
  });
}
