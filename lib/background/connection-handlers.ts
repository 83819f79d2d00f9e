import { z } from 'zod/mini';
import { normalizeBaseUrl } from '../api';
import { listConnections } from '../auth/connections';
import { disconnect } from '../auth/disconnect';
import { signInWithOAuth } from '../auth/oauth-sign-in';
import { connectWithPersonalToken } from '../auth/personal-token';
import { effectiveServiceSettings } from '../auth/settings';
import { BUILD_API_BASE_URL, BUILD_OAUTH_CLIENT_ID } from '../build-config';
import type { ConnectionsView, ConnectionView } from '../messaging';
import { type Connection, settingsItem } from '../storage';
import { asResult, handle } from './router';

function view({ clientId: _hidden, ...visible }: Connection): ConnectionView {
  return visible;
}

async function connectionsView(): Promise<ConnectionsView> {
  const [connections, settings, service] = await Promise.all([
    listConnections(),
    settingsItem.getValue(),
    effectiveServiceSettings(),
  ]);
  return {
    connections: connections.map(view),
    settings: {
      apiBaseUrl: service.baseUrl,
      oauthClientId: service.clientId,
      buildApiBaseUrl: BUILD_API_BASE_URL,
      buildOAuthClientId: BUILD_OAUTH_CLIENT_ID,
      defaultSpaceId: settings.defaultSpaceId,
      dailyNoteTimestamp: settings.dailyNoteTimestamp,
    },
  };
}

const id = () => z.string().check(z.minLength(1), z.maxLength(200));

const settingsChangeSchema = z.strictObject({
  apiBaseUrl: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
  oauthClientId: z.optional(z.nullable(id())),
  defaultSpaceId: z.optional(id()),
  dailyNoteTimestamp: z.optional(z.boolean()),
});

/**
 * Messages of the options page: connections and service settings.
 * `onConnected` lets waiting clips of a space go once it is signed in again.
 */
export function registerConnectionHandlers(onConnected: (spaceId: string) => void): void {
  handle('getConnections', z.undefined(), connectionsView);

  handle('saveSettings', settingsChangeSchema, (change) =>
    asResult(async () => {
      const settings = await settingsItem.getValue();
      const next = { ...settings };
      if (change.apiBaseUrl !== undefined) {
        // Checked here too: the base URL decides where tokens are sent.
        next.apiBaseUrl =
          change.apiBaseUrl === null || change.apiBaseUrl.trim() === '' ? null : normalizeBaseUrl(change.apiBaseUrl);
      }
      if (change.oauthClientId !== undefined) next.oauthClientId = change.oauthClientId?.trim() || null;
      if (change.defaultSpaceId !== undefined) next.defaultSpaceId = change.defaultSpaceId;
      if (change.dailyNoteTimestamp !== undefined) next.dailyNoteTimestamp = change.dailyNoteTimestamp;
      await settingsItem.setValue(next);
      return connectionsView();
    }),
  );

  handle('signIn', z.undefined(), () =>
    asResult(async () => {
      const connection = await signInWithOAuth(await effectiveServiceSettings());
      onConnected(connection.spaceId);
      return view(connection);
    }),
  );

  handle('connectWithToken', z.strictObject({ token: z.string().check(z.maxLength(500)) }), ({ token }) =>
    asResult(async () => {
      const connection = await connectWithPersonalToken((await effectiveServiceSettings()).baseUrl, token);
      onConnected(connection.spaceId);
      return view(connection);
    }),
  );

  handle('disconnect', z.strictObject({ spaceId: id() }), ({ spaceId }) => asResult(() => disconnect(spaceId)));
}
