import { listConnections } from '@/lib/auth/connections';
import { disconnect } from '@/lib/auth/disconnect';
import { releaseUnusedOrigin } from '@/lib/auth/host-permissions';
import { signInWithOAuth } from '@/lib/auth/oauth-sign-in';
import { connectWithPersonalToken } from '@/lib/auth/personal-token';
import { effectiveServiceSettings, saveServiceSettings } from '@/lib/auth/settings';
import { BUILD_API_BASE_URL, BUILD_OAUTH_CLIENT_ID } from '@/lib/build-config';
import { trustedClipSettings } from '@/lib/choices';
import { DEFAULT_HIGHLIGHT_COLOUR } from '@/lib/highlighter/colours';
import type { ConnectionsView } from '@/lib/messaging';
import { asResult, handle } from './router';

async function connectionsView(): Promise<ConnectionsView> {
  const [connections, settings, service] = await Promise.all([
    listConnections(),
    trustedClipSettings.getValue(),
    effectiveServiceSettings(),
  ]);
  return {
    connections,
    settings: {
      apiBaseUrl: service.baseUrl,
      oauthClientId: service.clientId,
      buildApiBaseUrl: BUILD_API_BASE_URL,
      buildOAuthClientId: BUILD_OAUTH_CLIENT_ID,
      defaultSpaceId: settings.defaultSpaceId,
      dailyNoteTimestamp: settings.dailyNoteTimestamp,
      highlightColour: settings.highlightColour ?? DEFAULT_HIGHLIGHT_COLOUR,
    },
  };
}

/**
 * Messages of the options page: connections and service settings.
 * `onConnected` lets waiting clips of a space go once it is signed in again.
 */
export function registerConnectionHandlers(onConnected: (spaceId: string) => void): void {
  handle('getConnections', connectionsView);

  handle('saveSettings', (change) =>
    asResult(async () => {
      if (change.apiBaseUrl !== undefined || change.oauthClientId !== undefined) {
        const before = await effectiveServiceSettings();
        // They decide where new tokens go: checked, and kept where only the background reaches.
        await saveServiceSettings({
          ...(change.apiBaseUrl === undefined ? {} : { apiBaseUrl: change.apiBaseUrl }),
          ...(change.oauthClientId === undefined ? {} : { oauthClientId: change.oauthClientId }),
        });
        await releaseUnusedOrigin(before.baseUrl);
      }
      const { defaultSpaceId, dailyNoteTimestamp, highlightColour } = change;
      if (defaultSpaceId !== undefined || dailyNoteTimestamp !== undefined || highlightColour !== undefined) {
        const next = await trustedClipSettings.getValue();
        if (defaultSpaceId !== undefined) next.defaultSpaceId = defaultSpaceId;
        if (dailyNoteTimestamp !== undefined) next.dailyNoteTimestamp = dailyNoteTimestamp;
        if (highlightColour !== undefined) next.highlightColour = highlightColour;
        await trustedClipSettings.setValue(next);
      }
      return connectionsView();
    }),
  );

  handle('signIn', () =>
    asResult(async () => {
      const connection = await signInWithOAuth(await effectiveServiceSettings());
      onConnected(connection.spaceId);
      return connection;
    }),
  );

  handle('connectWithToken', ({ token }) =>
    asResult(async () => {
      const connection = await connectWithPersonalToken((await effectiveServiceSettings()).baseUrl, token);
      onConnected(connection.spaceId);
      return connection;
    }),
  );

  handle('disconnect', ({ spaceId }) => asResult(() => disconnect(spaceId)));
}
