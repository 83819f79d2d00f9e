import { describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse, textResponse } from '../../tests/support/fake-fetch';
import { MalformedResponseError, NetworkError, OAuthError, ServerError } from './errors';
import {
  buildAuthorizationUrl,
  createPkce,
  createState,
  discover,
  exchangeCode,
  type OAuthServerMetadata,
  parseAuthorizationResponse,
  refreshTokens,
  revokeToken,
} from './oauth';

const BASE = 'https://api.example';
const CLIENT_ID = 'space-clipper';
const REDIRECT = 'https://kooidenmidbebafggpphlmfpiafeiocd.chromiumapp.org/';

const metadata: OAuthServerMetadata = {
  issuer: BASE,
  authorization_endpoint: `${BASE}/oauth/authorize`,
  token_endpoint: `${BASE}/oauth/token`,
  revocation_endpoint: `${BASE}/oauth/revoke`,
  scopes_supported: ['api:read', 'api:write', 'offline_access'],
};

const tokenBody = {
  access_token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig',
  token_type: 'Bearer',
  expires_in: 3600,
  refresh_token: 'cap-rt-1',
  scope: 'api:read api:write offline_access',
};

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function form(body: string | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body ?? ''));
}

describe('discover', () => {
  it('reads the metadata at {baseUrl}/.well-known/oauth-authorization-server, path prefix included', async () => {
    const prefixed = 'https://api.example/ws';
    const document = {
      ...metadata,
      issuer: prefixed,
      authorization_endpoint: `${prefixed}/oauth/authorize`,
      token_endpoint: `${prefixed}/oauth/token`,
      revocation_endpoint: `${prefixed}/oauth/revoke`,
      response_types_supported: ['code'],
    };
    const fake = createFakeFetch(jsonResponse(document));
    const result = await discover(`${prefixed}/`, { fetch: fake.fetch });
    expect(fake.requests[0]?.url.href).toBe(`${prefixed}/.well-known/oauth-authorization-server`);
    expect(result.token_endpoint).toBe(`${prefixed}/oauth/token`);
  });

  it('allows plain-http endpoints on a loopback host (the emulator)', async () => {
    const local = 'http://127.0.0.1:8787';
    const fake = createFakeFetch(
      jsonResponse({
        issuer: local,
        authorization_endpoint: `${local}/oauth/authorize`,
        token_endpoint: `${local}/oauth/token`,
        revocation_endpoint: `${local}/oauth/revoke`,
      }),
    );
    await expect(discover(local, { fetch: fake.fetch })).resolves.toMatchObject({ issuer: local });
  });

  it('refuses an issuer other than the base URL (mix-up defence)', async () => {
    const fake = createFakeFetch(jsonResponse({ ...metadata, issuer: 'https://evil.example' }));
    const error = await caught(discover(BASE, { fetch: fake.fetch }));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as MalformedResponseError).reason).toMatch(/issuer/);
  });

  it('refuses metadata with a plain-http endpoint on a remote host, or missing endpoints', async () => {
    const insecure = createFakeFetch(jsonResponse({ ...metadata, token_endpoint: 'http://api.example/oauth/token' }));
    await expect(discover(BASE, { fetch: insecure.fetch })).rejects.toThrow(/token_endpoint is not an HTTPS address/);
    const partial = createFakeFetch(jsonResponse({ issuer: BASE }));
    await expect(discover(BASE, { fetch: partial.fetch })).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('turns an HTML page into MalformedResponseError, a 5xx into ServerError, a failed fetch into NetworkError', async () => {
    const html = createFakeFetch(textResponse('<html></html>', 200, 'text/html'));
    await expect(discover(BASE, { fetch: html.fetch })).rejects.toBeInstanceOf(MalformedResponseError);
    const down = createFakeFetch(textResponse('<html>down</html>', 503, 'text/html'));
    await expect(discover(BASE, { fetch: down.fetch })).rejects.toBeInstanceOf(ServerError);
    const offline = createFakeFetch(new TypeError('Failed to fetch'));
    await expect(discover(BASE, { fetch: offline.fetch })).rejects.toMatchObject({
      kind: 'network',
      mayHaveBeenApplied: false,
    });
  });
});

describe('PKCE, state and the authorization URL', () => {
  it('createPkce gives a 43-128 char URL-safe verifier and its S256 challenge', async () => {
    const pkce = await createPkce();
    expect(pkce.verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(pkce.method).toBe('S256');
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pkce.verifier)));
    const expected = btoa(String.fromCharCode(...digest))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(pkce.challenge).toBe(expected);
    expect((await createPkce()).verifier).not.toBe(pkce.verifier);
  });

  it('createState is random and URL-safe', () => {
    const state = createState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(createState()).not.toBe(state);
  });

  it('buildAuthorizationUrl carries every parameter the spec lists', () => {
    const url = new URL(
      buildAuthorizationUrl({
        metadata,
        clientId: CLIENT_ID,
        redirectUri: REDIRECT,
        scope: 'api:read api:write offline_access',
        state: 'st',
        codeChallenge: 'ch',
        resource: BASE,
      }),
    );
    expect(url.origin + url.pathname).toBe(metadata.authorization_endpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      scope: 'api:read api:write offline_access',
      resource: BASE,
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      state: 'st',
    });
  });
});

describe('parseAuthorizationResponse', () => {
  const parse = (query: string, expectedState = 'st') =>
    parseAuthorizationResponse(metadata, CLIENT_ID, new URL(`${REDIRECT}?${query}`), expectedState);

  it('returns the code when state matches', () => {
    expect(parse('code=abc&state=st')).toBe('abc');
  });

  it('refuses a mismatched or missing state, even on an error redirect', () => {
    for (const query of ['code=abc&state=other', 'code=abc', 'error=access_denied&state=other']) {
      const error = (() => {
        try {
          parse(query);
        } catch (caughtError) {
          return caughtError;
        }
      })();
      expect(error).toBeInstanceOf(OAuthError);
      expect(error).toMatchObject({ code: 'state_mismatch' });
    }
  });

  it('maps error=access_denied (Deny) and other codes to OAuthError with its description', () => {
    expect(() => parse('error=access_denied&error_description=User+denied&state=st')).toThrow(OAuthError);
    try {
      parse('error=invalid_scope&error_description=nope&state=st');
    } catch (error) {
      expect(error).toMatchObject({ kind: 'oauth', code: 'invalid_scope', description: 'nope' });
    }
  });

  it('refuses a redirect without a code, or from another issuer', () => {
    expect(() => parse('state=st')).toThrow(MalformedResponseError);
    expect(() => parse('code=abc&state=st&iss=https%3A%2F%2Fevil.example')).toThrow(MalformedResponseError);
  });
});

describe('token endpoint', () => {
  it('exchangeCode posts a form with client_id and the verifier, no secret and no Authorization header', async () => {
    const fake = createFakeFetch(jsonResponse(tokenBody));
    const before = Date.now();
    const tokens = await exchangeCode(
      { metadata, clientId: CLIENT_ID, code: 'abc', redirectUri: REDIRECT, verifier: 'v'.repeat(43), resource: BASE },
      { fetch: fake.fetch },
    );
    const request = fake.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(metadata.token_endpoint);
    expect(request?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.headers.has('authorization')).toBe(false);
    expect(form(request?.body)).toEqual({
      grant_type: 'authorization_code',
      code: 'abc',
      redirect_uri: REDIRECT,
      code_verifier: 'v'.repeat(43),
      client_id: CLIENT_ID,
      resource: BASE,
    });
    expect(tokens.accessToken).toBe(tokenBody.access_token);
    expect(tokens.refreshToken).toBe('cap-rt-1');
    expect(tokens.scope).toBe(tokenBody.scope);
    expect(tokens.expiresAt).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(tokens.expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('refreshTokens posts grant_type=refresh_token with client_id and returns the rotated token', async () => {
    const fake = createFakeFetch(jsonResponse({ ...tokenBody, refresh_token: 'cap-rt-2' }));
    const tokens = await refreshTokens(
      { metadata, clientId: CLIENT_ID, refreshToken: 'cap-rt-1' },
      { fetch: fake.fetch },
    );
    expect(form(fake.requests[0]?.body)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'cap-rt-1',
      client_id: CLIENT_ID,
    });
    expect(tokens.refreshToken).toBe('cap-rt-2');
  });

  it('maps RFC 6749 error bodies to OAuthError with status and description', async () => {
    const fake = createFakeFetch(jsonResponse({ error: 'invalid_grant', error_description: 'code already used' }, 400));
    const error = await caught(
      exchangeCode(
        { metadata, clientId: CLIENT_ID, code: 'abc', redirectUri: REDIRECT, verifier: 'v'.repeat(43) },
        { fetch: fake.fetch },
      ),
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ code: 'invalid_grant', status: 400, description: 'code already used' });
  });

  it('maps invalid_client sent as 401 with a WWW-Authenticate challenge', async () => {
    const fake = createFakeFetch(
      jsonResponse({ error: 'invalid_client', error_description: 'unknown client' }, 401, {
        'www-authenticate': 'Basic realm="oauth"',
      }),
    );
    await expect(
      refreshTokens({ metadata, clientId: 'nobody', refreshToken: 'cap-rt-1' }, { fetch: fake.fetch }),
    ).rejects.toMatchObject({ kind: 'oauth', code: 'invalid_client', status: 401 });
  });

  it('maps a 5xx HTML page to ServerError and an unreadable 200 to MalformedResponseError that may have applied', async () => {
    const down = createFakeFetch(textResponse('<html>oops</html>', 500, 'text/html'));
    await expect(
      refreshTokens({ metadata, clientId: CLIENT_ID, refreshToken: 'cap-rt-1' }, { fetch: down.fetch }),
    ).rejects.toBeInstanceOf(ServerError);
    const garbled = createFakeFetch(textResponse('{"access_token":', 200, 'application/json'));
    await expect(
      refreshTokens({ metadata, clientId: CLIENT_ID, refreshToken: 'cap-rt-1' }, { fetch: garbled.fetch }),
    ).rejects.toMatchObject({ kind: 'malformed_response', mayHaveBeenApplied: true });
    const noScope = createFakeFetch(jsonResponse({ ...tokenBody, scope: undefined }));
    await expect(
      refreshTokens({ metadata, clientId: CLIENT_ID, refreshToken: 'cap-rt-1' }, { fetch: noScope.fetch }),
    ).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('a lost refresh answer is a NetworkError that may have rotated the token', async () => {
    const fake = createFakeFetch(new TypeError('network down'));
    const error = await caught(
      refreshTokens({ metadata, clientId: CLIENT_ID, refreshToken: 'cap-rt-1' }, { fetch: fake.fetch }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ mayHaveBeenApplied: true, timedOut: false });
    expect((error as Error).message).not.toContain('cap-rt-1');
  });

  it('refuses a plain-http token endpoint on a remote host', async () => {
    const fake = createFakeFetch(jsonResponse(tokenBody));
    const insecure = { ...metadata, token_endpoint: 'http://api.example/oauth/token' };
    const error = await caught(
      refreshTokens({ metadata: insecure, clientId: CLIENT_ID, refreshToken: 'cap-rt-1' }, { fetch: fake.fetch }),
    );
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error).toMatchObject({ mayHaveBeenApplied: false });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('revokeToken', () => {
  it('posts token, token_type_hint and client_id and accepts an empty 200', async () => {
    const fake = createFakeFetch(new Response('', { status: 200 }));
    await revokeToken(
      { metadata, clientId: CLIENT_ID, token: 'cap-rt-1', hint: 'refresh_token' },
      { fetch: fake.fetch },
    );
    expect(fake.requests[0]?.url.href).toBe(metadata.revocation_endpoint);
    expect(form(fake.requests[0]?.body)).toEqual({
      token: 'cap-rt-1',
      token_type_hint: 'refresh_token',
      client_id: CLIENT_ID,
    });
    expect(fake.requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('maps an error answer to OAuthError', async () => {
    const fake = createFakeFetch(jsonResponse({ error: 'invalid_request' }, 400));
    await expect(
      revokeToken({ metadata, clientId: CLIENT_ID, token: 't' }, { fetch: fake.fetch }),
    ).rejects.toMatchObject({
      kind: 'oauth',
      code: 'invalid_request',
    });
  });
});

describe('redirects', () => {
  const toAttacker = () =>
    new Response(null, { status: 302, headers: { location: 'https://attacker.example/collect' } });
  /** What a browser hands back for a redirect it did not follow: an opaque answer. */
  const opaqueRedirect = () => Object.defineProperty(new Response(null), 'type', { value: 'opaqueredirect' });

  const calls: [string, (fetch: typeof globalThis.fetch) => Promise<unknown>][] = [
    ['discovery', (fetch) => discover(BASE, { fetch })],
    [
      'the code exchange',
      (fetch) =>
        exchangeCode(
          { metadata, clientId: CLIENT_ID, code: 'abc', redirectUri: REDIRECT, verifier: 'v'.repeat(43) },
          { fetch },
        ),
    ],
    ['a refresh', (fetch) => refreshTokens({ metadata, clientId: CLIENT_ID, refreshToken: 'cap-rt-1' }, { fetch })],
    ['a revocation', (fetch) => revokeToken({ metadata, clientId: CLIENT_ID, token: 'cap-rt-1' }, { fetch })],
  ];

  it.each(calls)('are never followed by %s, which fails with a clear error', async (_name, call) => {
    for (const answer of [toAttacker, opaqueRedirect]) {
      const modes: (RequestRedirect | undefined)[] = [];
      const fake = createFakeFetch(answer());
      const error = await caught(
        call((input, init) => {
          modes.push(init?.redirect);
          return fake.fetch(input, init);
        }),
      );
      expect(error).toBeInstanceOf(MalformedResponseError);
      expect(error).toMatchObject({ code: 'redirected', mayHaveBeenApplied: false });
      expect((error as MalformedResponseError).reason).toMatch(/redirect.*not followed/);
      // Asked of the browser too: it must hand the redirect back instead of following it.
      expect(modes).toEqual(['manual']);
      expect(fake.requests.map((request) => request.url.host)).toEqual(['api.example']);
    }
  });
});
