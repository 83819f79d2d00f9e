/** The one shared, typed client for the Workspace Notes API v1. */

export { isLoopbackHost, normalizeBaseUrl } from './base-url';
export { createWorkspaceApi, type WorkspaceApi, type WorkspaceApiConfig } from './client';
export { type CompleteWorkspaceApi, createCompleteWorkspaceApi } from './complete-client';
export {
  AbortedError,
  ApiError,
  type ApiErrorKind,
  ForbiddenError,
  InvalidInputError,
  isApiError,
  isTransientOAuthError,
  MalformedResponseError,
  NetworkError,
  NotAuthenticatedError,
  NotFoundError,
  OAuthError,
  parseRetryAfter,
  RateLimitedError,
  type SerializedApiError,
  ServerError,
  serializeApiError,
} from './errors';
export { type IterateOptions, type ListOptions, MAX_PAGE_SIZE } from './listing-api';
export {
  type AuthorizationUrlParams,
  buildAuthorizationUrl,
  createPkce,
  createState,
  discover,
  type ExchangeCodeParams,
  exchangeCode,
  type OAuthServerMetadata,
  type Pkce,
  parseAuthorizationResponse,
  type RefreshTokensParams,
  type RevokeTokenParams,
  refreshTokens,
  revokeToken,
  type TokenSet,
} from './oauth';
export { type AnswerInfo, createPacer, type Pacer, type PaceWindow, type PacingStore } from './pacer';
export * from './property-values';
export { type RateLimitReading, readRateLimit } from './rate-limit-headers';
export type {
  Block,
  BlockInput,
  BlockType,
  CodeBlock,
  EntityBlock,
  GridBlock,
  GroupBlock,
  Hierarchy,
  HorizontalLineBlock,
  JsonValue,
  MathBlock,
  TextBlock,
  UnknownBlock,
  UnsupportedBlock,
} from './schemas/blocks';
export type { ObjectSummary, SavedObject, SummaryPage, WorkspaceObject } from './schemas/objects';
export type {
  DateResolution,
  EntityRef,
  LabelRef,
  PropertyValue,
  PropertyValueInput,
  PropertyValueType,
  UnknownPropertyValue,
} from './schemas/property-values';
export type {
  AppendBlocksRequest,
  AppendMarkdownRequest,
  AppendPosition,
  CreateObjectFromMarkdownRequest,
  CreateObjectRequest,
  CreateWeblinkRequest,
  DailyNoteContent,
  DailyNotePlacement,
  SearchRequest,
  UpdateObjectRequest,
} from './schemas/requests';
export { MAX_REQUEST_MARKDOWN_CHARS, MAX_SEARCH_LIMIT } from './schemas/requests';
export type { CollectionEntry, LabelOption, PropertyDefinition, Space, Structure } from './schemas/space';
export type { TextStyle, TextToken, TextTokenInput, UnknownTextToken } from './schemas/text-tokens';
export { createMemoryTraits, type ServerTraits, type ServerTraitsStore, sharedTraits } from './server-traits';
export { backoff, LONGEST_WAIT_MS, SHORTEST_WAIT_MS } from './server-wait';
export { typesWithBody, WEBLINK_STRUCTURE, weblinkUrlPropertyId } from './structures';
export type { ApiRequestInfo, AuthProvider, CallOptions, Pacing } from './transport';
