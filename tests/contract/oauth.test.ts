import { describe, expect, it } from 'vitest';
import {
  discover,
  exchangeCode,
  NotAuthenticatedError,
  OAuthError,
  parseAuthorizationResponse,
  refreshTokens,
  revokeToken,
} from '../../lib/api';
import { rejectionOf, setUpEmulator } from './harness';
import { CLIPPER, openConsentPage, READ_ONLY_CLIENT, signIn, startFlow, submitConsent } from './oauth-flow';

const context = setUpEmulator();

async function oauthErrorOf(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(OAuthError);
  return error as OAuthError;
}

function parseError(run: () => unknown): OAuthError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(OAuthError);
    return error as OAuthError;
  }
  throw new Error('expected an OAuth error');
}

/** Sends a form to the token endpoint as-is, for requests the client helpers never make. */
async function postToken(form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${context.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as { error: string; error_description?: string } };
}

describe('discovery', () => {
  it('reads RFC 8414 metadata whose issuer is the base URL', async () => {
    const metadata = await discover(context.url);
    expect(metadata).toMatchObject({
      issuer: context.url,
      authorization_endpoint: `${context.url}/oauth/authorize`,
      token_endpoint: `${context.url}/oauth/token`,
      revocation_endpoint: `${context.url}/oauth/revoke`,
    });
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['api:read', 'api:write', 'offline_access']));
  });
});

describe('authorization code flow with PKCE', () => {
  it('consent page, approve, code, exchange: tokens that work on the API', async () => {
    const { tokens } = await signIn(context);
    expect(tokens.accessToken.split('.')).toHaveLength(3);
    expect(tokens.refreshToken).toMatch(/^cap-rt-/);
    expect(tokens.scope.split(' ').sort()).toEqual(['api:read', 'api:write', 'offline_access']);
    expect(tokens.expiresAt - Date.now()).toBeGreaterThan(3_590_000);
    await expect(context.api(tokens.accessToken).getSpace()).resolves.toMatchObject({ title: 'Demo space' });
  });

  it('the consent page names the client, the scopes and the spaces to choose from', async () => {
    const flow = await startFlow(context);
    const page = await openConsentPage(flow.authorizationUrl);
    expect(page.html).toContain('Space Clipper');
    expect([...page.spaces.keys()].sort()).toEqual(['Demo space', 'Research space']);
    expect(page.action).toBe('/oauth/authorize');
  });

  it('the token is bound to the space picked on the consent page', async () => {
    const flow = await startFlow(context);
    const redirectedTo = await submitConsent(context, flow.authorizationUrl, 'approve', 'Research space');
    const code = parseAuthorizationResponse(flow.metadata, CLIPPER.clientId, redirectedTo, flow.state);
    const tokens = await exchangeCode({
      metadata: flow.metadata,
      clientId: CLIPPER.clientId,
      code,
      redirectUri: CLIPPER.redirectUri,
      verifier: flow.pkce.verifier,
      resource: context.url,
    });
    await expect(context.api(tokens.accessToken).getSpace()).resolves.toMatchObject({ title: 'Research space' });
  });

  it('Deny redirects with access_denied, mapped to an OAuthError a person understands', async () => {
    const flow = await startFlow(context);
    const redirectedTo = await submitConsent(context, flow.authorizationUrl, 'deny');
    const error = parseError(() =>
      parseAuthorizationResponse(flow.metadata, CLIPPER.clientId, redirectedTo, flow.state),
    );
    expect(error.code).toBe('access_denied');
  });

  it('a redirect with another state is refused', async () => {
    const flow = await startFlow(context);
    const redirectedTo = await submitConsent(context, flow.authorizationUrl, 'approve');
    expect(
      parseError(() => parseAuthorizationResponse(flow.metadata, CLIPPER.clientId, redirectedTo, 'other')).code,
    ).toBe('state_mismatch');
  });

  it('without offline_access no refresh token is issued', async () => {
    const { tokens } = await signIn(context, { ...CLIPPER, scope: 'api:read api:write' });
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.scope).toBe('api:read api:write');
  });

  it('a token without api:write is refused on writes', async () => {
    const { tokens } = await signIn(context, { ...CLIPPER, scope: 'api:read' });
    await expect(context.api(tokens.accessToken).appendToDailyNote({ markdown: 'x' })).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });
});

describe('OAuth errors (RFC 6749 §5.2)', () => {
  it('invalid_request: a client secret sent to the token endpoint', async () => {
    const answer = await postToken({
      grant_type: 'authorization_code',
      code: 'x',
      redirect_uri: CLIPPER.redirectUri,
      code_verifier: 'v'.repeat(43),
      client_id: CLIPPER.clientId,
      client_secret: 'shh',
    });
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('invalid_request: a client secret sent to the authorization endpoint', async () => {
    const flow = await startFlow(context);
    const url = new URL(flow.authorizationUrl);
    url.searchParams.set('client_secret', 'shh');
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const error = parseError(() =>
      parseAuthorizationResponse(
        flow.metadata,
        CLIPPER.clientId,
        new URL(answer.headers.get('location') ?? ''),
        flow.state,
      ),
    );
    expect(error.code).toBe('invalid_request');
  });

  it('invalid_request: no code_challenge (PKCE is required)', async () => {
    const flow = await startFlow(context);
    const url = new URL(flow.authorizationUrl);
    url.searchParams.delete('code_challenge');
    const answer = await fetch(url, { redirect: 'manual' });
    const error = parseError(() =>
      parseAuthorizationResponse(
        flow.metadata,
        CLIPPER.clientId,
        new URL(answer.headers.get('location') ?? ''),
        flow.state,
      ),
    );
    expect(error.code).toBe('invalid_request');
    expect(error.description).toMatch(/code_challenge/);
  });

  it('invalid_client: an unknown client_id at the token endpoint (401) and at the authorization page', async () => {
    const { flow } = await signIn(context);
    const error = await oauthErrorOf(
      refreshTokens({ metadata: flow.metadata, clientId: 'nobody', refreshToken: 'cap-rt-x' }),
    );
    expect(error).toMatchObject({ code: 'invalid_client', status: 401 });

    const url = new URL(flow.authorizationUrl);
    url.searchParams.set('client_id', 'nobody');
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('invalid_client');
  });

  it('invalid_grant: a code used twice', async () => {
    const flow = await startFlow(context);
    const code = parseAuthorizationResponse(
      flow.metadata,
      CLIPPER.clientId,
      await submitConsent(context, flow.authorizationUrl, 'approve'),
      flow.state,
    );
    const params = {
      metadata: flow.metadata,
      clientId: CLIPPER.clientId,
      code,
      redirectUri: CLIPPER.redirectUri,
      verifier: flow.pkce.verifier,
    };
    const tokens = await exchangeCode(params);
    const error = await oauthErrorOf(exchangeCode(params));
    expect(error).toMatchObject({ code: 'invalid_grant', status: 400 });
    // RFC 6749 §4.1.2: a replayed code revokes what it issued.
    await expect(context.api(tokens.accessToken).getSpace()).rejects.toBeInstanceOf(NotAuthenticatedError);
  });

  it('invalid_grant: an expired code (after 60 s)', async () => {
    const flow = await startFlow(context);
    const code = parseAuthorizationResponse(
      flow.metadata,
      CLIPPER.clientId,
      await submitConsent(context, flow.authorizationUrl, 'approve'),
      flow.state,
    );
    await context.control.advanceClock(61);
    const error = await oauthErrorOf(
      exchangeCode({
        metadata: flow.metadata,
        clientId: CLIPPER.clientId,
        code,
        redirectUri: CLIPPER.redirectUri,
        verifier: flow.pkce.verifier,
      }),
    );
    expect(error.code).toBe('invalid_grant');
    expect(error.description).toMatch(/expired/);
  });

  it('invalid_grant: a code_verifier that does not match the challenge', async () => {
    const flow = await startFlow(context);
    const code = parseAuthorizationResponse(
      flow.metadata,
      CLIPPER.clientId,
      await submitConsent(context, flow.authorizationUrl, 'approve'),
      flow.state,
    );
    const error = await oauthErrorOf(
      exchangeCode({
        metadata: flow.metadata,
        clientId: CLIPPER.clientId,
        code,
        redirectUri: CLIPPER.redirectUri,
        verifier: 'a'.repeat(43),
      }),
    );
    expect(error.code).toBe('invalid_grant');
    expect(error.description).toMatch(/code_verifier/);
  });

  it('invalid_scope: a scope not permitted for the client', async () => {
    const flow = await startFlow(context, READ_ONLY_CLIENT, { scope: 'api:read api:write' });
    const answer = await fetch(flow.authorizationUrl, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const error = parseError(() =>
      parseAuthorizationResponse(
        flow.metadata,
        READ_ONLY_CLIENT.clientId,
        new URL(answer.headers.get('location') ?? ''),
        flow.state,
      ),
    );
    expect(error.code).toBe('invalid_scope');
  });

  it('invalid_target: a resource other than the base URL, at authorization and at the token endpoint', async () => {
    const wrong = await startFlow(context, CLIPPER, { resource: 'https://elsewhere.example' });
    const answer = await fetch(wrong.authorizationUrl, { redirect: 'manual' });
    const error = parseError(() =>
      parseAuthorizationResponse(
        wrong.metadata,
        CLIPPER.clientId,
        new URL(answer.headers.get('location') ?? ''),
        wrong.state,
      ),
    );
    expect(error.code).toBe('invalid_target');

    const missing = await startFlow(context);
    const url = new URL(missing.authorizationUrl);
    url.searchParams.delete('resource');
    const noResource = await fetch(url, { redirect: 'manual' });
    expect(new URL(noResource.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_target');

    const flow = await startFlow(context);
    const code = parseAuthorizationResponse(
      flow.metadata,
      CLIPPER.clientId,
      await submitConsent(context, flow.authorizationUrl, 'approve'),
      flow.state,
    );
    const exchange = await oauthErrorOf(
      exchangeCode({
        metadata: flow.metadata,
        clientId: CLIPPER.clientId,
        code,
        redirectUri: CLIPPER.redirectUri,
        verifier: flow.pkce.verifier,
        resource: 'https://elsewhere.example',
      }),
    );
    expect(exchange.code).toBe('invalid_target');
  });

  it('unauthorized_client: a redirect URI outside the allow-list is shown as a page, never redirected to', async () => {
    const flow = await startFlow(context, { ...CLIPPER, redirectUri: 'https://attacker.example/cb' });
    const page = await fetch(flow.authorizationUrl, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('unauthorized_client');
  });

  it('an Authorization header on the token endpoint is refused (public clients send none)', async () => {
    const answer = await postToken(
      { grant_type: 'refresh_token', refresh_token: 'cap-rt-x', client_id: CLIPPER.clientId },
      { authorization: 'Basic c3BhY2UtY2xpcHBlcjpzZWNyZXQ=' },
    );
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });
});

describe('refresh and revoke', () => {
  it('refresh rotates: new tokens work, the previous refresh token is revoked', async () => {
    const { flow, tokens } = await signIn(context);
    const refreshed = await refreshTokens({
      metadata: flow.metadata,
      clientId: CLIPPER.clientId,
      refreshToken: tokens.refreshToken ?? '',
    });
    expect(refreshed.refreshToken).toMatch(/^cap-rt-/);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    await expect(context.api(refreshed.accessToken).getSpace()).resolves.toMatchObject({ title: 'Demo space' });
    const reused = await oauthErrorOf(
      refreshTokens({ metadata: flow.metadata, clientId: CLIPPER.clientId, refreshToken: tokens.refreshToken ?? '' }),
    );
    expect(reused.code).toBe('invalid_grant');
  });

  it('revoking the refresh token removes the connection: its access tokens get 401, refresh fails', async () => {
    const { flow, tokens } = await signIn(context);
    await revokeToken({
      metadata: flow.metadata,
      clientId: CLIPPER.clientId,
      token: tokens.refreshToken ?? '',
      hint: 'refresh_token',
    });
    await expect(context.api(tokens.accessToken).getSpace()).rejects.toBeInstanceOf(NotAuthenticatedError);
    const error = await oauthErrorOf(
      refreshTokens({ metadata: flow.metadata, clientId: CLIPPER.clientId, refreshToken: tokens.refreshToken ?? '' }),
    );
    expect(error.code).toBe('invalid_grant');
  });

  it('revoking an access token removes the whole connection too', async () => {
    const { flow, tokens } = await signIn(context);
    const refreshed = await refreshTokens({
      metadata: flow.metadata,
      clientId: CLIPPER.clientId,
      refreshToken: tokens.refreshToken ?? '',
    });
    await revokeToken({
      metadata: flow.metadata,
      clientId: CLIPPER.clientId,
      token: tokens.accessToken,
      hint: 'access_token',
    });
    await expect(context.api(refreshed.accessToken).getSpace()).rejects.toBeInstanceOf(NotAuthenticatedError);
  });

  it('a connection removed in the app settings: its access token gets 401 and its refresh token is refused', async () => {
    const { flow, tokens } = await signIn(context);
    await context.control.revokeToken(tokens.accessToken);
    await expect(context.api(tokens.accessToken).getSpace()).rejects.toBeInstanceOf(NotAuthenticatedError);
    const error = await oauthErrorOf(
      refreshTokens({ metadata: flow.metadata, clientId: CLIPPER.clientId, refreshToken: tokens.refreshToken ?? '' }),
    );
    expect(error.code).toBe('invalid_grant');
  });

  it('a refresh token unused for 6 months has expired', async () => {
    const { flow, tokens } = await signIn(context);
    await context.control.advanceClock(185 * 24 * 3600);
    const error = await oauthErrorOf(
      refreshTokens({ metadata: flow.metadata, clientId: CLIPPER.clientId, refreshToken: tokens.refreshToken ?? '' }),
    );
    expect(error.code).toBe('invalid_grant');
  });

  it('revoking an unknown or already revoked token still answers 200', async () => {
    const metadata = await discover(context.url);
    await expect(
      revokeToken({ metadata, clientId: CLIPPER.clientId, token: 'cap-rt-unknown' }),
    ).resolves.toBeUndefined();
  });

  it('revoke without client_id is invalid_request', async () => {
    const response = await fetch(`${context.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'cap-rt-x' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
  });
});
