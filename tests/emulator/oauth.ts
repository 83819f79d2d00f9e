import { createHash, randomBytes } from 'node:crypto';
import type { EmulatorState } from './emulator-state.ts';
import { newId } from './ids.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { ALL_SCOPES, type ConnectionRecord, type Scope } from './types.ts';

/**
 * OAuth 2.0 authorization server logic (authorization code + PKCE S256, refresh rotation,
 * revocation), without HTTP. Connections and refresh tokens live in the store (they survive a
 * restart with `--data`); authorization codes live only in memory (60 seconds).
 */

export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
  scopes: Scope[];
}

/** The curated client registry (README: "Registered OAuth clients"). */
export const OAUTH_CLIENTS: readonly OAuthClient[] = [
  {
    id: 'space-clipper',
    name: 'Space Clipper',
    redirectUris: [
      'https://kooidenmidbebafggpphlmfpiafeiocd.chromiumapp.org/',
      'https://13c2554320a92e397bd103ea3942de852c77214c.extensions.allizom.org/',
    ],
    scopes: ['api:read', 'api:write', 'offline_access'],
  },
  {
    id: 'read-only-client',
    name: 'Read-only test client',
    redirectUris: ['http://127.0.0.1/callback'],
    scopes: ['api:read'],
  },
];

export const ACCESS_TOKEN_SECONDS = 3600;
export const CODE_SECONDS = 60;
const REFRESH_INACTIVITY_MONTHS = 6;

export class OAuthError extends Error {
  readonly error: string;
  readonly status: number;

  constructor(error: string, description: string) {
    super(description);
    this.error = error;
    this.status = error === 'invalid_client' ? 401 : 400;
  }
}

export function findClient(id: string): OAuthClient | undefined {
  return OAUTH_CLIENTS.find((client) => client.id === id);
}

export interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: Scope[];
  state: string | undefined;
  codeChallenge: string;
}

/** Outcome of checking /oauth/authorize parameters (RFC 6749 §4.1.2.1 decides page vs redirect). */
export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizeRequest }
  | { kind: 'page'; error: string; description: string }
  | { kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string };

const PARAMETERS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'resource',
  'code_challenge',
  'code_challenge_method',
  'state',
];

function sameResource(resource: string, baseUrl: string): boolean {
  return resource.replace(/\/+$/, '') === baseUrl.replace(/\/+$/, '');
}

export function checkAuthorizeRequest(params: URLSearchParams, baseUrl: string): AuthorizeCheck {
  const page = (error: string, description: string): AuthorizeCheck => ({ kind: 'page', error, description });
  if (params.getAll('client_id').length > 1 || params.getAll('redirect_uri').length > 1) {
    return page('invalid_request', 'client_id and redirect_uri must be sent once');
  }
  const clientId = params.get('client_id');
  if (!clientId) return page('invalid_request', 'client_id is required');
  const client = findClient(clientId);
  if (!client) return page('invalid_client', `Unknown client_id "${clientId}"`);
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri) return page('invalid_request', 'redirect_uri is required');
  if (!client.redirectUris.includes(redirectUri)) {
    return page('unauthorized_client', `The redirect URI ${redirectUri} is not registered for ${client.name}`);
  }

  // From here on errors go back to the client's (verified) redirect URI.
  const state = params.get('state') ?? undefined;
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    redirectUri,
    state,
    error,
    description,
  });
  const repeated = PARAMETERS.find((name) => params.getAll(name).length > 1);
  if (repeated) return fail('invalid_request', `Parameter ${repeated} was sent more than once`);
  if (params.has('client_secret')) return fail('invalid_request', 'Public clients must not send a client secret');
  const responseType = params.get('response_type');
  if (!responseType) return fail('invalid_request', 'response_type is required');
  if (responseType !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported');
  const challenge = params.get('code_challenge');
  if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    return fail('invalid_request', 'code_challenge must be BASE64URL(SHA-256(code_verifier)), 43 characters');
  }
  const method = params.get('code_challenge_method');
  if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  const scopeParam = params.get('scope');
  if (!scopeParam?.trim()) return fail('invalid_request', 'scope is required');
  const scopes = [...new Set(scopeParam.trim().split(/\s+/))];
  const refused = scopes.filter(
    (scope) => !(ALL_SCOPES as readonly string[]).includes(scope) || !client.scopes.includes(scope as Scope),
  );
  if (refused.length > 0) return fail('invalid_scope', `Scope not permitted for this client: ${refused.join(' ')}`);
  const resource = params.get('resource');
  if (!resource) return fail('invalid_target', 'resource is required');
  if (!sameResource(resource, baseUrl)) return fail('invalid_target', `resource must be ${baseUrl}`);
  return { kind: 'ok', request: { client, redirectUri, scopes: scopes as Scope[], state, codeChallenge: challenge } };
}

interface CodeRecord {
  clientId: string;
  redirectUri: string;
  scopes: Scope[];
  spaceId: string;
  userId: string;
  codeChallenge: string;
  expiresAt: number;
  /** Set once exchanged; a replay revokes the connection it created (RFC 6749 §4.1.2). */
  connectionId: string | null;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

export interface AccessGrant {
  connection: ConnectionRecord;
  scopes: Scope[];
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function addMonths(time: number, months: number): number {
  const date = new Date(time);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

export class OAuthService {
  readonly #store: EmulatorState;
  readonly #baseUrl: () => string;
  #codes = new Map<string, CodeRecord>();

  constructor(store: EmulatorState, baseUrl: () => string) {
    this.#store = store;
    this.#baseUrl = baseUrl;
  }

  /** Forgets authorization codes (connections are part of the store and reset with it). */
  reset(): void {
    this.#codes.clear();
  }

  issueCode(request: AuthorizeRequest, spaceId: string, userId: string): string {
    // Long-expired codes are forgotten; recent ones are kept to detect replays.
    for (const [old, record] of this.#codes) {
      if (record.expiresAt + 600_000 < this.#store.now()) this.#codes.delete(old);
    }
    const code = randomBytes(24).toString('base64url');
    this.#codes.set(code, {
      clientId: request.client.id,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      spaceId,
      userId,
      codeChallenge: request.codeChallenge,
      expiresAt: this.#store.now() + CODE_SECONDS * 1000,
      connectionId: null,
    });
    return code;
  }

  /** `grant_type=authorization_code` for an already identified client. */
  exchangeCode(client: OAuthClient, form: URLSearchParams): TokenResponse {
    const code = required(form, 'code');
    const redirectUri = required(form, 'redirect_uri');
    const verifier = required(form, 'code_verifier');
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
      throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~]');
    }
    this.#checkResource(form);
    const record = this.#codes.get(code);
    if (!record) throw new OAuthError('invalid_grant', 'Unknown authorization code');
    if (record.connectionId !== null) {
      this.removeConnection(record.connectionId);
      throw new OAuthError('invalid_grant', 'The authorization code was already used; its tokens are revoked');
    }
    if (record.expiresAt <= this.#store.now()) throw new OAuthError('invalid_grant', 'The authorization code expired');
    if (record.clientId !== client.id) throw new OAuthError('invalid_grant', 'The code was issued to another client');
    if (record.redirectUri !== redirectUri) {
      throw new OAuthError('invalid_grant', 'redirect_uri differs from the one of the authorization request');
    }
    if (s256(verifier) !== record.codeChallenge)
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');

    const connection: ConnectionRecord = {
      id: newId(),
      clientId: client.id,
      userId: record.userId,
      spaceId: record.spaceId,
      scopes: record.scopes,
      createdAt: this.#store.now(),
      removed: false,
    };
    this.#store.data.connections.push(connection);
    record.connectionId = connection.id;
    return this.#issueTokens(connection, connection.scopes);
  }

  /** `grant_type=refresh_token`: rotates the refresh token. */
  refresh(client: OAuthClient, form: URLSearchParams): TokenResponse {
    const token = required(form, 'refresh_token');
    this.#checkResource(form);
    const record = this.#store.data.refreshTokens.find((candidate) => candidate.token === token);
    if (!record) throw new OAuthError('invalid_grant', 'Unknown refresh token');
    const connection = this.#connection(record.connectionId);
    if (!connection) throw new OAuthError('invalid_grant', 'The connection was removed; authorise again');
    if (connection.clientId !== client.id)
      throw new OAuthError('invalid_grant', 'The refresh token belongs to another client');
    if (record.state === 'rotated')
      throw new OAuthError('invalid_grant', 'The refresh token was already used (rotated out)');
    if (this.#store.now() > addMonths(record.issuedAt, REFRESH_INACTIVITY_MONTHS)) {
      this.removeConnection(connection.id);
      throw new OAuthError('invalid_grant', 'The refresh token expired after 6 months of inactivity; authorise again');
    }
    let scopes = connection.scopes;
    const requested = form.get('scope');
    if (requested?.trim()) {
      const asked = requested.trim().split(/\s+/);
      const extra = asked.filter((scope) => !connection.scopes.includes(scope as Scope));
      if (extra.length > 0)
        throw new OAuthError('invalid_scope', `Scope not granted to this connection: ${extra.join(' ')}`);
      scopes = asked as Scope[];
    }
    return this.#issueTokens(connection, scopes);
  }

  /** RFC 7009: any token of a connection (of this client) removes the whole connection; never fails. */
  revoke(token: string, clientId: string): void {
    const connectionId = this.connectionOfToken(token);
    const connection = connectionId ? this.#connection(connectionId) : undefined;
    if (connection && connection.clientId === clientId) this.removeConnection(connection.id);
  }

  /** The connection a refresh token or a (possibly expired) access token belongs to. */
  connectionOfToken(token: string): string | undefined {
    const refresh = this.#store.data.refreshTokens.find((candidate) => candidate.token === token);
    if (refresh) return refresh.connectionId;
    const claims = verifyJwt(token, this.#store.data.jwtSecret);
    return typeof claims?.cid === 'string' ? claims.cid : undefined;
  }

  removeConnection(connectionId: string): void {
    const connection = this.#connection(connectionId);
    if (!connection) return;
    connection.removed = true;
    this.#store.changed();
  }

  /** An access token's grant, or null when it is invalid, expired or its connection was removed. */
  verifyAccessToken(token: string): AccessGrant | null {
    const claims = verifyJwt(token, this.#store.data.jwtSecret);
    if (!claims || claims.aud !== this.#baseUrl() || typeof claims.exp !== 'number' || typeof claims.cid !== 'string')
      return null;
    if (claims.exp * 1000 <= this.#store.now()) return null;
    const connection = this.#connection(claims.cid);
    if (!connection) return null;
    const scopes = typeof claims.scope === 'string' ? (claims.scope.split(' ') as Scope[]) : [];
    return { connection, scopes };
  }

  #connection(id: string): ConnectionRecord | undefined {
    return this.#store.data.connections.find((connection) => connection.id === id && !connection.removed);
  }

  #checkResource(form: URLSearchParams): void {
    const resource = form.get('resource');
    if (resource !== null && !sameResource(resource, this.#baseUrl())) {
      throw new OAuthError('invalid_target', `resource must be ${this.#baseUrl()}`);
    }
  }

  #issueTokens(connection: ConnectionRecord, scopes: Scope[]): TokenResponse {
    const now = this.#store.now();
    const issuedAt = Math.floor(now / 1000);
    const access = signJwt(
      {
        iss: this.#baseUrl(),
        aud: this.#baseUrl(),
        sub: connection.userId,
        client_id: connection.clientId,
        space_id: connection.spaceId,
        scope: scopes.join(' '),
        cid: connection.id,
        iat: issuedAt,
        exp: issuedAt + ACCESS_TOKEN_SECONDS,
        jti: newId(),
      },
      this.#store.data.jwtSecret,
    );
    const response: TokenResponse = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: scopes.join(' '),
    };
    if (connection.scopes.includes('offline_access')) {
      for (const record of this.#store.data.refreshTokens) {
        if (record.connectionId === connection.id) record.state = 'rotated';
      }
      const refresh = `cap-rt-${randomBytes(32).toString('base64url')}`;
      this.#store.data.refreshTokens.push({
        token: refresh,
        connectionId: connection.id,
        issuedAt: now,
        state: 'current',
      });
      response.refresh_token = refresh;
    }
    this.#store.changed();
    return response;
  }
}

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}
