/**
 * API errors, raised with the spec profile's codes. Each profile answers them in its own body
 * shape and code vocabulary (spec: `{"error": {"code", "message"}}`; published: `{code, message,
 * details?}`, see published-errors.ts); the decisions table in README.md has both.
 */

export type ApiErrorCode =
  | 'cap_invalid_input'
  | 'cap_invalid_request'
  | 'cap_not_authenticated'
  | 'cap_forbidden'
  | 'cap_not_found'
  | 'cap_unsupported'
  | 'cap_payload_too_large'
  | 'cap_rate_limited'
  | 'cap_internal_error';

const STATUS_OF_CODE: Record<ApiErrorCode, number> = {
  cap_invalid_input: 400,
  cap_invalid_request: 400,
  cap_not_authenticated: 401,
  cap_forbidden: 403,
  cap_not_found: 404,
  cap_unsupported: 400,
  cap_payload_too_large: 413,
  cap_rate_limited: 429,
  cap_internal_error: 500,
};

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Machine-readable context; only the published profile's error body carries it. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ApiErrorCode,
    message: string,
    headers: Record<string, string> = {},
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.code = code;
    this.status = STATUS_OF_CODE[code];
    this.headers = headers;
    this.details = details;
  }
}

export function errorBody(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } };
}

export const invalidInput = (message: string) => new ApiError('cap_invalid_input', message);
export const invalidRequest = (message: string) => new ApiError('cap_invalid_request', message);
export const notFound = (message: string) => new ApiError('cap_not_found', message);
export const unsupported = (message: string) => new ApiError('cap_unsupported', message);
export const forbidden = (message: string) => new ApiError('cap_forbidden', message);
export const notAuthenticated = (message: string) =>
  new ApiError('cap_not_authenticated', message, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
