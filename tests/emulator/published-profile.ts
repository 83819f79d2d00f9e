import type { ApiError, ApiErrorCode } from './errors.ts';
import type { ApiProfile } from './profile.ts';
import { publishedBlockRoutes } from './published-block-routes.ts';
import { publishedObjectRoutes } from './published-object-routes.ts';
import { publishedRateLimit } from './published-rate-limit.ts';
import { publishedSpaceRoutes } from './published-space-routes.ts';
import { versionHeaderCheck } from './version-header.ts';
import { ReferenceViolation } from './violations.ts';

/**
 * The `published` profile: the live service as its published reference describes it
 * (../shared/spec/published-reference.md). Its error body is `{code, message, details?}` with the
 * codes the reference names; the spec profile's codes it has no name for become the nearest one.
 */

const PUBLISHED_CODES: Record<ApiErrorCode, string> = {
  cap_invalid_input: 'cap_invalid_input',
  cap_invalid_request: 'cap_invalid_input',
  cap_unsupported: 'cap_invalid_input',
  // Still 413: "cap_invalid_input (400; 413 for too large)".
  cap_payload_too_large: 'cap_invalid_input',
  cap_not_authenticated: 'cap_not_authenticated',
  cap_forbidden: 'cap_scope_insufficient',
  cap_not_found: 'cap_not_found',
  cap_rate_limited: 'cap_rate_limit_exceeded',
  cap_internal_error: 'cap_internal_error',
};

export const publishedProfile: ApiProfile = {
  name: 'published',
  installRoutes(app, ctx) {
    publishedObjectRoutes(app, ctx);
    publishedSpaceRoutes(app, ctx);
    publishedBlockRoutes(app, ctx);
  },
  // A request refused for a missing version header spends no rate-limit budget.
  apiMiddleware: (ctx) => {
    const versionHeader = versionHeaderCheck(ctx);
    const rateLimit = publishedRateLimit(ctx);
    return (c, next) =>
      versionHeader(c, async () => {
        await rateLimit(c, next);
      });
  },
  errorBody: (error: ApiError) => ({
    code: PUBLISHED_CODES[error.code],
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  }),
  unknownRoute: (method, path) =>
    new ReferenceViolation('cap_not_found', `${method} ${path} is not an operation of the published reference`),
};
