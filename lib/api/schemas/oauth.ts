import { z } from 'zod/mini';
import { httpUrlSchema } from './dates';
import { booleanSchema, refined } from './lean-kinds';
import { positiveSchema } from './numbers';

const endpointUrl = httpUrlSchema();

/** RFC 8414 metadata, the fields this client relies on; others are dropped. */
export const oauthServerMetadataSchema = z.object({
  issuer: z.string().check(z.minLength(1)),
  authorization_endpoint: endpointUrl,
  token_endpoint: endpointUrl,
  revocation_endpoint: endpointUrl,
  scopes_supported: z.optional(z.array(z.string())),
  code_challenge_methods_supported: z.optional(z.array(z.string())),
  // Kept so oauth4webapi still insists on `iss` in the redirect when the server promises it (RFC 9207).
  authorization_response_iss_parameter_supported: z.optional(booleanSchema),
});
export type OAuthServerMetadata = z.infer<typeof oauthServerMetadataSchema>;

/** Token endpoint success body (spec, "Token response fields"). */
export const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string().check(refined((type) => type.toLowerCase() === 'bearer', { error: 'must be Bearer' })),
  expires_in: positiveSchema(),
  refresh_token: z.optional(z.string().check(z.minLength(1))),
  scope: z.string(),
});
