import { normalizeBaseUrl } from '../api';
import { BUILD_API_BASE_URL, BUILD_OAUTH_CLIENT_ID } from '../build-config';
import { settingsItem } from '../storage';

/** The base URL and OAuth client id in effect: the person's choice, else the build's. */
export async function effectiveServiceSettings(): Promise<{ baseUrl: string; clientId: string }> {
  const settings = await settingsItem.getValue();
  return {
    baseUrl: normalizeBaseUrl(settings.apiBaseUrl ?? BUILD_API_BASE_URL),
    clientId: settings.oauthClientId ?? BUILD_OAUTH_CLIENT_ID,
  };
}
