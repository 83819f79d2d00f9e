import { type AuthProvider, NotAuthenticatedError, OAuthError, refreshTokens } from '../api';
import type { OAuthSecret } from '../db/schema';
import { setConnectionState } from './connections';
import { oauthMetadata } from './oauth-metadata';
import { readSecret, writeSecret } from './secrets';

/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

/** One refresh at a time per space: refresh tokens rotate, so two parallel refreshes would race. */
const refreshing = new Map<string, Promise<string>>();

function notConnected(spaceId: string): NotAuthenticatedError {
  return new NotAuthenticatedError({ endpoint: `connection ${spaceId}` });
}

/**
 * The token source the API client asks before every request, for one connected space. It lives
 * in the background only; the popup and options page never see a token.
 */
export function authProviderFor(spaceId: string, now: () => number = Date.now): AuthProvider {
  return {
    async getAccessToken() {
      const secret = await readSecret(spaceId);
      if (!secret) throw notConnected(spaceId);
      if (secret.method === 'token') return secret.token;
      if (secret.expiresAt - now() > REFRESH_MARGIN_MS) return secret.accessToken;
      return refreshOnce(spaceId, secret.accessToken, now);
    },
    async refreshAfterUnauthorized(rejectedToken) {
      const secret = await readSecret(spaceId);
      if (!secret) throw notConnected(spaceId);
      if (secret.method === 'token') {
        // A personal token cannot be refreshed: it was deleted in the app's settings.
        await setConnectionState(spaceId, 'needs-sign-in');
        throw notConnected(spaceId);
      }
      return refreshOnce(spaceId, rejectedToken, now);
    },
  };
}

/**
 * Refreshes unless someone already replaced `staleToken`; parallel callers share one request.
 * The rotated pair is stored before anyone uses it, so a stopped worker never loses it.
 */
function refreshOnce(spaceId: string, staleToken: string, now: () => number): Promise<string> {
  const inFlight = refreshing.get(spaceId);
  if (inFlight) return inFlight;
  const run = (async () => {
    const secret = await readSecret(spaceId);
    if (secret?.method !== 'oauth') throw notConnected(spaceId);
    if (secret.accessToken !== staleToken && secret.expiresAt - now() > REFRESH_MARGIN_MS) {
      return secret.accessToken;
    }
    if (!secret.refreshToken) return needsSignIn(spaceId);
    try {
      // The refresh token goes only where the secret itself says it came from.
      const tokens = await refreshTokens({
        metadata: await oauthMetadata(secret.baseUrl),
        clientId: secret.clientId,
        refreshToken: secret.refreshToken,
      });
      const rotated: OAuthSecret = {
        ...secret,
        accessToken: tokens.accessToken,
        expiresAt: tokens.expiresAt,
        // A server that does not rotate keeps the old refresh token valid.
        refreshToken: tokens.refreshToken ?? secret.refreshToken,
      };
      await writeSecret(rotated);
      return rotated.accessToken;
    } catch (error) {
      if (error instanceof OAuthError && error.code === 'invalid_grant') return needsSignIn(spaceId);
      throw error;
    }
  })();
  refreshing.set(spaceId, run);
  run.finally(() => refreshing.delete(spaceId)).catch(() => {});
  return run;
}

/** The refresh token was refused: keep everything, mark the connection, make pending work wait. */
async function needsSignIn(spaceId: string): Promise<never> {
  await setConnectionState(spaceId, 'needs-sign-in');
  throw new NotAuthenticatedError({
    endpoint: 'POST /oauth/token',
    message:
      'Your sign-in to this space has ended. Sign in again from the options page; waiting clips will then be sent.',
  });
}
