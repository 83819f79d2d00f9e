/** The one shared, typed client for the Workspace Notes API v1. */

export { isLoopbackHost, normalizeBaseUrl } from './base-url';
export {
  createWorkspaceApi,
  type IterateOptions,
  type ListOptions,
  MAX_PAGE_SIZE,
  type WorkspaceApi,
  type WorkspaceApiConfig,
} from './client';
export {
  AbortedError,
  ApiError,
  type ApiErrorKind,
  DEFAULT_RETRY_AFTER_MS,
  ForbiddenError,
  InvalidInputError,
  isApiError,
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
  type AuthorizationUrlParams,
  buildAuthorizationUrl,
  createPkce,
  createState,
  discover,
  type ExchangeCodeParams,
  exchangeCode,
  type OAuthCallOptions,
  type OAuthServerMetadata,
  type Pkce,
  parseAuthorizationResponse,
  type RefreshTokensParams,
  type RevokeTokenParams,
  refreshTokens,
  revokeToken,
  type TokenSet,
} from './oauth';
export * from './property-values';
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
export type { CollectionEntry, LabelOption, PropertyDefinition, Space, Structure } from './schemas/space';
export type { TextStyle, TextToken, TextTokenInput, UnknownTextToken } from './schemas/text-tokens';
export type { ApiRequestInfo, AuthProvider, CallOptions } from './transport';
