import * as oauth from 'oauth4webapi';
import { buildUrl, normalizeBaseUrl } from './base-url';
import { MalformedResponseError, OAuthError } from './errors';
import {
  asClient,
  asServer,
  type Exchange,
  guarded,
  isLoopbackHttp,
  type OAuthCallOptions,
  readOAuthAnswer,
  requestOptions,
} from './oauth-requests';
import { type OAuthServerMetadata, oauthServerMetadataSchema, tokenResponseSchema } from './schemas/oauth';

/**
 * OAuth 2.0 authorization code + PKCE for a public client, as glue around oauth4webapi: the
 * library does the protocol (PKCE, response validation, token/revocation requests with
 * `client_id` in the form body and no client secret); this module adds the service's discovery
 * path, the loopback-only HTTP exception and the mapping to the API error hierarchy.
 */

export type { OAuthServerMetadata };

export interface TokenSet {
  accessToken: string;
  /** Present when offline_access was granted; rotates on every refresh. */
  refreshToken?: string;
  /** Milliseconds since the epoch, from `expires_in`. */
  expiresAt: number;
  /** Space-separated granted scopes. */
  scope: string;
}

export interface Pkce {
  verifier: string;
  challenge: string;
  method: 'S256';
}

/**
 * RFC 8414 metadata from `{baseUrl}/.well-known/oauth-authorization-server` (the spec appends the
 * well-known path to the base URL). The issuer must equal the base URL, and every endpoint must be
 * HTTPS (plain HTTP only on a loopback host).
 */
export async function discover(baseUrl: string, options?: OAuthCallOptions): Promise<OAuthServerMetadata> {
  const endpoint = 'GET /.well-known/oauth-authorization-server';
  const base = normalizeBaseUrl(baseUrl);
  const url = buildUrl(base, '/.well-known/oauth-authorization-server');
  const exchange: Exchange = { endpoint, writes: false, sent: false };
  const request = requestOptions(exchange, url, options);
  const metadata = await guarded(exchange, async () => {
    const response = await request[oauth.customFetch](url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: request.signal,
    });
    return readOAuthAnswer(exchange, response, oauthServerMetadataSchema);
  });
  if (metadata === undefined) throw new MalformedResponseError({ endpoint, status: 200, reason: 'no metadata' });
  // The issuer is the service itself (RFC 8414 3.3): metadata naming another is a mix-up, not ours.
  if (metadata.issuer !== base && metadata.issuer !== new URL(base).href) {
    throw new MalformedResponseError({ endpoint, status: 200, reason: `issuer ${metadata.issuer} is not ${base}` });
  }
  for (const key of ['authorization_endpoint', 'token_endpoint', 'revocation_endpoint'] as const) {
    const value = metadata[key];
    if (!value.startsWith('https:') && !isLoopbackHttp(value)) {
      throw new MalformedResponseError({ endpoint, status: 200, reason: `${key} is not an HTTPS address` });
    }
  }
  return metadata;
}

/** A PKCE pair: 43-character verifier from 32 CSPRNG bytes, S256 challenge. */
export async function createPkce(): Promise<Pkce> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier), method: 'S256' };
}

/** An unguessable `state` value binding the redirect to this sign-in attempt. */
export function createState(): string {
  return oauth.generateRandomState();
}

export interface AuthorizationUrlParams {
  metadata: OAuthServerMetadata;
  clientId: string;
  redirectUri: string;
  /** Space-separated, e.g. `api:read api:write offline_access`. */
  scope: string;
  state: string;
  codeChallenge: string;
  /** Must equal the service base URL (spec: `resource` is required). */
  resource: string;
}

export function buildAuthorizationUrl(params: AuthorizationUrlParams): string {
  const url = new URL(params.metadata.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', params.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('scope', params.scope);
  url.searchParams.set('resource', params.resource);
  url.searchParams.set('code_challenge', params.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', params.state);
  return url.href;
}

/**
 * Reads the redirect the browser landed on: checks `state` first (a mismatched answer is never
 * trusted, error or not), then lets oauth4webapi validate it. Returns the authorization code.
 */
export function parseAuthorizationResponse(
  metadata: OAuthServerMetadata,
  clientId: string,
  redirectedTo: URL,
  expectedState: string,
): string {
  const endpoint = 'GET /oauth/authorize';
  if (redirectedTo.searchParams.get('state') !== expectedState) {
    throw new OAuthError({ endpoint, code: 'state_mismatch' });
  }
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(asServer(metadata), asClient(clientId), redirectedTo, expectedState);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new OAuthError({ endpoint, code: error.error, description: error.error_description });
    }
    throw new MalformedResponseError({
      endpoint,
      reason: error instanceof Error ? error.message : 'invalid redirect',
      cause: error,
    });
  }
  const code = params.get('code');
  if (!code) throw new MalformedResponseError({ endpoint, reason: 'the redirect carries no code' });
  return code;
}

/** A token endpoint's answer as the connection keeps it. */
async function tokenSetOf(exchange: Exchange, response: Response): Promise<TokenSet> {
  const body = await readOAuthAnswer(exchange, response, tokenResponseSchema);
  if (body === undefined) {
    throw new MalformedResponseError({ endpoint: exchange.endpoint, reason: 'no tokens', mayHaveBeenApplied: true });
  }
  return {
    accessToken: body.access_token,
    ...(body.refresh_token === undefined ? {} : { refreshToken: body.refresh_token }),
    expiresAt: Date.now() + body.expires_in * 1000,
    scope: body.scope,
  };
}

export interface ExchangeCodeParams {
  metadata: OAuthServerMetadata;
  clientId: string;
  code: string;
  redirectUri: string;
  verifier: string;
  /** Sent as RFC 8707 `resource` when given. */
  resource?: string;
}

/** Code exchange (grant_type=authorization_code), form-encoded, `client_id` in the body, no secret. */
export async function exchangeCode(params: ExchangeCodeParams, options?: OAuthCallOptions): Promise<TokenSet> {
  const endpoint = 'POST /oauth/token';
  const as = asServer(params.metadata);
  const client = asClient(params.clientId);
  const exchange: Exchange = { endpoint, writes: true, sent: false };
  return guarded(exchange, async () => {
    const form: Record<string, string> = {
      code: params.code,
      redirect_uri: params.redirectUri,
      code_verifier: params.verifier,
      ...(params.resource === undefined ? {} : { resource: params.resource }),
    };
    const answer = await oauth.genericTokenEndpointRequest(
      as,
      client,
      oauth.None(),
      'authorization_code',
      form,
      requestOptions(exchange, params.metadata.token_endpoint, options),
    );
    return tokenSetOf(exchange, answer);
  });
}

export interface RefreshTokensParams {
  metadata: OAuthServerMetadata;
  clientId: string;
  refreshToken: string;
}

/**
 * Refresh (grant_type=refresh_token). The previous refresh token is revoked by the server, so the
 * returned one must be stored before anything else; an error with `mayHaveBeenApplied` means the
 * rotation may have happened and the new token is lost.
 */
export async function refreshTokens(params: RefreshTokensParams, options?: OAuthCallOptions): Promise<TokenSet> {
  const endpoint = 'POST /oauth/token';
  const as = asServer(params.metadata);
  const client = asClient(params.clientId);
  const exchange: Exchange = { endpoint, writes: true, sent: false };
  return guarded(exchange, async () => {
    const answer = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      params.refreshToken,
      requestOptions(exchange, params.metadata.token_endpoint, options),
    );
    return tokenSetOf(exchange, answer);
  });
}

export interface RevokeTokenParams {
  metadata: OAuthServerMetadata;
  clientId: string;
  token: string;
  hint?: 'refresh_token' | 'access_token';
}

/** RFC 7009 revocation: removes the whole connection; the server answers 200 even for unknown tokens. */
export async function revokeToken(params: RevokeTokenParams, options?: OAuthCallOptions): Promise<void> {
  const exchange: Exchange = { endpoint: 'POST /oauth/revoke', writes: true, sent: false };
  await guarded(exchange, async () => {
    const answer = await oauth.revocationRequest(
      asServer(params.metadata),
      asClient(params.clientId),
      oauth.None(),
      params.token,
      {
        ...requestOptions(exchange, params.metadata.revocation_endpoint, options),
        ...(params.hint === undefined ? {} : { additionalParameters: { token_type_hint: params.hint } }),
      },
    );
    await readOAuthAnswer(exchange, answer, null);
  });
}
