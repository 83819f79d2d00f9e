/** The one shared, typed client for the Workspace Notes API v1. */

export { normalizeBaseUrl } from './base-url';
export { createWorkspaceApi, type WorkspaceApi } from './client';
export {
  ApiError,
  ForbiddenError,
  InvalidInputError,
  isApiError,
  isTransientOAuthError,
  MalformedResponseError,
  NetworkError,
  NotAuthenticatedError,
  NotFoundError,
  OAuthError,
  RateLimitedError,
  type SerializedApiError,
  ServerError,
  serializeApiError,
} from './errors';
export {
  buildAuthorizationUrl,
  createPkce,
  createState,
  discover,
  exchangeCode,
  type OAuthServerMetadata,
  type Pkce,
  parseAuthorizationResponse,
  refreshTokens,
  revokeToken,
  type TokenSet,
} from './oauth';
export { createPacer, type PaceWindow } from './pacer';
export * from './property-values';
export type { Block, BlockInput, TextBlock } from './schemas/blocks';
export type { WorkspaceObject } from './schemas/objects';
export type { PropertyValue, PropertyValueInput } from './schemas/property-values';
export type { CreateWeblinkRequest } from './schemas/requests';
export { MAX_REQUEST_MARKDOWN_CHARS } from './schemas/requests';
export type { PropertyDefinition, Structure } from './schemas/space';
export { createMemoryTraits, type ServerTraits } from './server-traits';
export { backoff, LONGEST_WAIT_MS, SHORTEST_WAIT_MS } from './server-wait';
export { typesWithBody, WEBLINK_STRUCTURE, weblinkUrlPropertyId } from './structures';
export type { ApiRequestInfo, AuthProvider, Pacing } from './transport';
