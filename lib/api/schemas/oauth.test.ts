import { describe, expect, it } from 'vitest';
import { oauthServerMetadataSchema, tokenResponseSchema } from './oauth';

const metadata = {
  issuer: 'https://api.example',
  authorization_endpoint: 'https://api.example/oauth/authorize',
  token_endpoint: 'https://api.example/oauth/token',
  revocation_endpoint: 'https://api.example/oauth/revoke',
  scopes_supported: ['api:read', 'api:write', 'offline_access'],
  response_types_supported: ['code'],
};

describe('oauthServerMetadataSchema', () => {
  it('reads RFC 8414 metadata and drops fields it does not use', () => {
    const parsed = oauthServerMetadataSchema.parse(metadata);
    expect(parsed.token_endpoint).toBe(metadata.token_endpoint);
    expect('response_types_supported' in parsed).toBe(false);
  });

  it('requires the authorization, token and revocation endpoints as http(s) URLs', () => {
    for (const key of ['authorization_endpoint', 'token_endpoint', 'revocation_endpoint'] as const) {
      expect(oauthServerMetadataSchema.safeParse({ ...metadata, [key]: undefined }).success).toBe(false);
      expect(oauthServerMetadataSchema.safeParse({ ...metadata, [key]: 'ftp://x/y' }).success).toBe(false);
    }
  });
});

describe('tokenResponseSchema', () => {
  const token = {
    access_token: 'jwt',
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'cap-rt-1',
    scope: 'api:read',
  };

  it('reads a token response with or without a refresh token', () => {
    expect(tokenResponseSchema.parse(token)).toEqual(token);
    const { refresh_token: _, ...withoutRefresh } = token;
    expect(tokenResponseSchema.parse(withoutRefresh).refresh_token).toBeUndefined();
  });

  it('refuses a non-bearer token type, a missing expiry or scope', () => {
    expect(tokenResponseSchema.safeParse({ ...token, token_type: 'DPoP' }).success).toBe(false);
    expect(tokenResponseSchema.safeParse({ ...token, expires_in: undefined }).success).toBe(false);
    expect(tokenResponseSchema.safeParse({ ...token, scope: undefined }).success).toBe(false);
  });
});
