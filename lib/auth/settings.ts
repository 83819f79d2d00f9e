import { normalizeBaseUrl } from '../api';
import { BUILD_API_BASE_URL, BUILD_OAUTH_CLIENT_ID } from '../build-config';
import { db } from '../db';
import { SERVICE_SETTINGS_KEY } from '../db/schema';

/**
 * The service the person chose in the options page. `null` means "the value this build was made
 * for". It decides where a new token is checked and where sign-in happens, so it lives in the
 * background's IndexedDB, which content scripts cannot reach, not in `storage.local`.
 */
export interface ServiceSettings {
  apiBaseUrl: string | null;
  oauthClientId: string | null;
}

const DEFAULT_SERVICE_SETTINGS: ServiceSettings = { apiBaseUrl: null, oauthClientId: null };

export async function readServiceSettings(): Promise<ServiceSettings> {
  return (
    ((await (await db()).get('settings', SERVICE_SETTINGS_KEY)) as ServiceSettings | undefined) ??
    DEFAULT_SERVICE_SETTINGS
  );
}

/** Stores a change; the base URL is checked first (https, or http on loopback only). */
export async function saveServiceSettings(change: Partial<ServiceSettings>): Promise<void> {
  const next = { ...(await readServiceSettings()) };
  if (change.apiBaseUrl !== undefined) {
    next.apiBaseUrl =
      change.apiBaseUrl === null || change.apiBaseUrl.trim() === '' ? null : normalizeBaseUrl(change.apiBaseUrl);
  }
  if (change.oauthClientId !== undefined) next.oauthClientId = change.oauthClientId?.trim() || null;
  await (await db()).put('settings', next, SERVICE_SETTINGS_KEY);
}

/** The base URL and OAuth client id in effect: the person's choice, else the build's. */
export async function effectiveServiceSettings(): Promise<{ baseUrl: string; clientId: string }> {
  const settings = await readServiceSettings();
  return {
    baseUrl: normalizeBaseUrl(settings.apiBaseUrl ?? BUILD_API_BASE_URL),
    clientId: settings.oauthClientId ?? BUILD_OAUTH_CLIENT_ID,
  };
}
