import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s256 } from './oauth.ts';
import { DEMO, RESEARCH } from './seed.ts';
import { type RunningEmulator, startEmulator } from './server.ts';

const CHROME_REDIRECT = 'https://kooidenmidbebafggpphlmfpiafeiocd.chromiumapp.org/';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(() => emu.close());
beforeEach(() => emu.reset());

function authorizeParams(overrides: Record<string, string | null> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: 'space-clipper',
    redirect_uri: CHROME_REDIRECT,
    scope: 'api:read api:write offline_access',
    resource: emu.url,
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    state: 'state-123',
    ...overrides,
  };
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  return { verifier, query };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function approve(query: URLSearchParams, spaceId = DEMO.spaceId, decision = 'approve'): Promise<URL> {
  const fields = Object.fromEntries(query);
  const response = await fetch(`${emu.url}/oauth/authorize`, {
    ...form({ ...fields, space_id: spaceId, decision }),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function token(fields: Record<string, string>, init: RequestInit = {}) {
  const response = await fetch(`${emu.url}/oauth/token`, { ...form(fields), ...init });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function connect(spaceId = DEMO.spaceId) {
  const { verifier, query } = authorizeParams();
  const code = (await approve(query, spaceId)).searchParams.get('code') ?? '';
  const exchanged = await token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: CHROME_REDIRECT,
    client_id: 'space-clipper',
    code_verifier: verifier,
  });
  expect(exchanged.status).toBe(200);
  return { code, verifier, tokens: exchanged.body };
}

const api = (path: string, accessToken: string) =>
  fetch(`${emu.url}${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });

describe('OAuth metadata and consent', () => {
  it('publishes RFC 8414 metadata', async () => {
    const metadata = await (await fetch(`${emu.url}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject({
      issuer: emu.url,
      authorization_endpoint: `${emu.url}/oauth/authorize`,
      token_endpoint: `${emu.url}/oauth/token`,
      revocation_endpoint: `${emu.url}/oauth/revoke`,
      scopes_supported: ['api:read', 'api:write', 'offline_access'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });

  it('renders an accessible consent page', async () => {
    const response = await fetch(`${emu.url}/oauth/authorize?${authorizeParams().query}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<form method="post"');
    expect(html).toContain('Space Clipper');
    expect(html).toMatch(/<label for="space">Space<\/label>\s*<select id="space" name="space_id">/);
    expect(html).toContain('Demo space');
    expect(html).toContain('Research space');
    expect(html).toMatch(/<button[^>]*value="approve">Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
    expect(html).toContain('Create and change content');
  });

  it('shows unknown clients and unregistered redirect URIs as a page, never a redirect', async () => {
    for (const [overrides, error] of [
      [{ client_id: 'nobody' }, 'invalid_client'],
      [{ redirect_uri: 'https://evil.example/' }, 'unauthorized_client'],
      [{ redirect_uri: null }, 'invalid_request'],
    ] as const) {
      const response = await fetch(`${emu.url}/oauth/authorize?${authorizeParams(overrides).query}`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain(error);
    }
  });

  it('redirects other errors with error, description and state', async () => {
    for (const [overrides, error] of [
      [{ resource: null }, 'invalid_target'],
      [{ resource: 'https://other.example' }, 'invalid_target'],
      [{ scope: 'api:read admin' }, 'invalid_scope'],
      [
        { client_id: 'read-only-client', redirect_uri: 'http://127.0.0.1/callback', scope: 'api:write' },
        'invalid_scope',
      ],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: null }, 'invalid_request'],
      [{ client_secret: 'x' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ] as const) {
      const response = await fetch(`${emu.url}/oauth/authorize?${authorizeParams(overrides).query}`, {
        redirect: 'manual',
      });
      expect(response.status, error).toBe(302);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toBeTruthy();
      expect(location.searchParams.get('state')).toBe('state-123');
    }
  });

  it('answers access_denied when the user denies', async () => {
    const location = await approve(authorizeParams().query, DEMO.spaceId, 'deny');
    expect(location.origin + location.pathname).toBe(CHROME_REDIRECT);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'access_denied', state: 'state-123' });
  });
});

describe('OAuth tokens', () => {
  it('runs the whole flow: code, tokens, refresh rotation, revocation', async () => {
    const { verifier, query } = authorizeParams();
    const location = await approve(query, RESEARCH.spaceId);
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe(emu.url);
    const code = location.searchParams.get('code') ?? '';

    const first = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CHROME_REDIRECT,
      client_id: 'space-clipper',
      code_verifier: verifier,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'api:read api:write offline_access',
    });
    expect(first.body.refresh_token).toMatch(/^cap-rt-/);
    const claims = JSON.parse(Buffer.from(first.body.access_token?.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({
      iss: emu.url,
      aud: emu.url,
      client_id: 'space-clipper',
      space_id: RESEARCH.spaceId,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(await (await api('/space', first.body.access_token ?? '')).json()).toEqual({
      id: RESEARCH.spaceId,
      title: 'Research space',
    });

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token ?? '',
      client_id: 'space-clipper',
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    const reused = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token ?? '',
      client_id: 'space-clipper',
    });
    expect(reused).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
    expect((await api('/space', refreshed.body.access_token ?? '')).status).toBe(200);

    const revoke = await fetch(
      `${emu.url}/oauth/revoke`,
      form({ token: refreshed.body.refresh_token ?? '', token_type_hint: 'refresh_token', client_id: 'space-clipper' }),
    );
    expect(revoke.status).toBe(200);
    expect(await revoke.text()).toBe('');
    for (const access of [first.body.access_token, refreshed.body.access_token]) {
      const response = await api('/space', access ?? '');
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('cap_not_authenticated');
    }
    expect(
      (
        await token({
          grant_type: 'refresh_token',
          refresh_token: refreshed.body.refresh_token ?? '',
          client_id: 'space-clipper',
        })
      ).body.error,
    ).toBe('invalid_grant');
  });

  it('refuses a reused code and revokes what it issued', async () => {
    const { code, verifier, tokens } = await connect();
    const again = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CHROME_REDIRECT,
      client_id: 'space-clipper',
      code_verifier: verifier,
    });
    expect(again.body.error).toBe('invalid_grant');
    expect((await api('/space', tokens.access_token ?? '')).status).toBe(401);
  });

  it('checks verifier, redirect URI, expiry and client of a code', async () => {
    const exchange = async (mutate: (fields: Record<string, string>) => void, advance = 0) => {
      const { verifier, query } = authorizeParams();
      const code = (await approve(query)).searchParams.get('code') ?? '';
      emu.advanceClock(advance);
      const fields = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CHROME_REDIRECT,
        client_id: 'space-clipper',
        code_verifier: verifier,
      };
      mutate(fields);
      return token(fields);
    };
    expect(
      (await exchange((f) => Object.assign(f, { code_verifier: randomBytes(32).toString('base64url') }))).body.error,
    ).toBe('invalid_grant');
    expect(
      (
        await exchange((f) =>
          Object.assign(f, {
            redirect_uri: 'https://13c2554320a92e397bd103ea3942de852c77214c.extensions.allizom.org/',
          }),
        )
      ).body.error,
    ).toBe('invalid_grant');
    expect((await exchange(() => {}, 61)).body.error).toBe('invalid_grant');
    expect((await exchange((f) => Object.assign(f, { client_id: 'read-only-client' }))).body.error).toBe(
      'invalid_grant',
    );
    expect((await exchange((f) => Object.assign(f, { code_verifier: 'short' }))).body.error).toBe('invalid_request');
    expect((await exchange((f) => Object.assign(f, { resource: 'https://elsewhere.example' }))).body.error).toBe(
      'invalid_target',
    );
  });

  it('refuses malformed token requests', async () => {
    const valid = { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'space-clipper' };
    expect(
      await token(valid, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(valid) }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(
      await token(valid, {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Basic eDp5' },
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await token({ ...valid, client_secret: 's' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await token({ ...valid, client_id: 'nobody' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(await token({ ...valid, grant_type: 'password' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await token(valid)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('expires access tokens after an hour and refresh tokens after 6 months unused', async () => {
    const { tokens } = await connect();
    emu.advanceClock(3601);
    expect((await api('/space', tokens.access_token ?? '')).status).toBe(401);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: 'space-clipper',
    });
    expect(refreshed.status).toBe(200);
    emu.advanceClock(186 * 86_400);
    expect(
      (
        await token({
          grant_type: 'refresh_token',
          refresh_token: refreshed.body.refresh_token ?? '',
          client_id: 'space-clipper',
        })
      ).body.error,
    ).toBe('invalid_grant');
  });

  it('enforces scopes of OAuth tokens and issues no refresh token without offline_access', async () => {
    const { verifier, query } = authorizeParams({
      client_id: 'read-only-client',
      redirect_uri: 'http://127.0.0.1/callback',
      scope: 'api:read',
    });
    const code = (await approve(query)).searchParams.get('code') ?? '';
    const { body } = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1/callback',
      client_id: 'read-only-client',
      code_verifier: verifier,
    });
    expect(body.refresh_token).toBeUndefined();
    const write = await fetch(`${emu.url}/object`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${body.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ structureId: 'RootPage' }),
    });
    expect(write.status).toBe(403);
  });

  it('revocation always answers 200 except without client_id', async () => {
    expect(
      (await fetch(`${emu.url}/oauth/revoke`, form({ token: 'unknown', client_id: 'space-clipper' }))).status,
    ).toBe(200);
    const missing = await fetch(`${emu.url}/oauth/revoke`, form({ token: 'unknown' }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('invalid_request');
    const { tokens } = await connect();
    const byAccess = await fetch(
      `${emu.url}/oauth/revoke`,
      form({ token: tokens.access_token ?? '', client_id: 'space-clipper' }),
    );
    expect(byAccess.status).toBe(200);
    expect((await api('/space', tokens.access_token ?? '')).status).toBe(401);
  });

  it('logs token requests with client and grant type, never the token', async () => {
    const { tokens } = await connect();
    await api('/space', tokens.access_token ?? '');
    const { entries } = await (await fetch(`${emu.url}/__emulator/log?since=0`)).json();
    const text = JSON.stringify(entries);
    expect(text).not.toContain(tokens.access_token);
    expect(text).not.toContain(tokens.refresh_token);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: '/oauth/token',
          grantType: 'authorization_code',
          clientId: 'space-clipper',
          tokenKind: 'none',
        }),
        expect.objectContaining({ path: '/space', tokenKind: 'oauth', clientId: 'space-clipper', status: 200 }),
      ]),
    );
  });
});
