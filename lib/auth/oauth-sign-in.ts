import { browser } from 'wxt/browser';
import {
  buildAuthorizationUrl,
  createPkce,
  createState,
  exchangeCode,
  normalizeBaseUrl,
  OAuthError,
  parseAuthorizationResponse,
} from '../api';
import type { Connection } from '../storage';
import { saveConnection } from './connections';
import { oauthMetadata } from './oauth-metadata';
import { replaceTokens } from './replace-tokens';
import { spaceOfToken } from './space-api';

const OAUTH_SCOPES = 'api:read api:write offline_access';

/**
 * Authorization code flow with PKCE (S256), through the browser's identity API. Runs in the
 * background only: Firefox closes the popup when the authorization window opens, so starting it
 * there would lose the answer.
 *
 * Returns the connected space. Signing in to a space that is already connected replaces its
 * tokens (revoking the refresh token it replaces) and clears "needs sign-in". `service` must come
 * from trusted state (`effectiveServiceSettings`): the tokens will only ever be sent there.
 */
export async function signInWithOAuth(service: { baseUrl: string; clientId: string }): Promise<Connection> {
  const baseUrl = normalizeBaseUrl(service.baseUrl);
  const metadata = await oauthMetadata(baseUrl);
  const pkce = await createPkce();
  const state = createState();
  const redirectUri = browser.identity.getRedirectURL();
  const authorizationUrl = buildAuthorizationUrl({
    metadata,
    clientId: service.clientId,
    redirectUri,
    scope: OAUTH_SCOPES,
    state,
    codeChallenge: pkce.challenge,
    resource: baseUrl,
  });

  let redirectedTo: string | undefined;
  try {
    redirectedTo = await browser.identity.launchWebAuthFlow({ url: authorizationUrl, interactive: true });
  } catch (error) {
    // Chrome and Firefox reject with a plain Error when the person closes the window or the
    // authorization page cannot be loaded; neither says which in a stable way.
    throw new OAuthError({
      endpoint: 'GET /oauth/authorize',
      code: 'flow_interrupted',
      description: error instanceof Error ? error.message : String(error),
    });
  }
  if (!redirectedTo) throw new OAuthError({ endpoint: 'GET /oauth/authorize', code: 'flow_interrupted' });

  const code = parseAuthorizationResponse(metadata, service.clientId, new URL(redirectedTo), state);
  const tokens = await exchangeCode({
    metadata,
    clientId: service.clientId,
    code,
    redirectUri,
    verifier: pkce.verifier,
    resource: baseUrl,
  });

  // The token says which space the person chose on the consent page.
  const space = await spaceOfToken(baseUrl, tokens.accessToken);
  await replaceTokens({
    spaceId: space.id,
    method: 'oauth',
    accessToken: tokens.accessToken,
    expiresAt: tokens.expiresAt,
    refreshToken: tokens.refreshToken ?? null,
    baseUrl,
    clientId: service.clientId,
  });
  const connection: Connection = {
    spaceId: space.id,
    spaceTitle: space.title,
    method: 'oauth',
    scopes: tokens.scope.split(' ').filter(Boolean),
    state: 'connected',
    connectedAt: Date.now(),
  };
  await saveConnection(connection);
  return connection;
}
