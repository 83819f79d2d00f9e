import type { EmulatorState } from './emulator-state.ts';
import { forbidden, notAuthenticated } from './errors.ts';
import type { OAuthService } from './oauth.ts';
import type { Scope } from './types.ts';

/** Bearer-token authentication of API routes: personal `cap-api-…` tokens and OAuth JWT access tokens. */

export interface Principal {
  kind: 'personal' | 'oauth';
  spaceId: string;
  userId: string;
  scopes: Scope[];
  /** Rate-limit bucket: the personal token, or the OAuth connection (refreshing does not reset it). */
  rateKey: string;
  clientId?: string;
}

export type TokenKind = 'personal' | 'oauth' | 'none';

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}

/** What a request's token looks like (for the request log; says nothing about validity). */
export function tokenKindOf(header: string | undefined): TokenKind {
  const token = bearerToken(header);
  if (!token) return 'none';
  return token.startsWith('cap-api-') ? 'personal' : 'oauth';
}

export function authenticate(store: EmulatorState, oauth: OAuthService, header: string | undefined): Principal {
  const token = bearerToken(header);
  if (!token) throw notAuthenticated('Missing bearer token: send "Authorization: Bearer <token>"');
  if (token.startsWith('cap-api-')) {
    const record = store.data.personalTokens.find((candidate) => candidate.token === token);
    if (!record || record.revoked) throw notAuthenticated('The API token is unknown or was revoked');
    if (record.expiresAt !== null && record.expiresAt <= store.now()) throw notAuthenticated('The API token expired');
    return {
      kind: 'personal',
      spaceId: record.spaceId,
      userId: record.userId,
      scopes: record.scopes,
      rateKey: `personal:${token}`,
    };
  }
  const grant = oauth.verifyAccessToken(token);
  if (!grant) throw notAuthenticated('The access token is invalid, expired or revoked');
  return {
    kind: 'oauth',
    spaceId: grant.connection.spaceId,
    userId: grant.connection.userId,
    scopes: grant.scopes,
    rateKey: `oauth:${grant.connection.id}`,
    clientId: grant.connection.clientId,
  };
}

export function requireScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) throw forbidden(`This token lacks the ${scope} scope`);
}
