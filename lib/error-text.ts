import type { SerializedApiError } from './api/errors';
import { MAX_CLIP_BYTES, megabytes } from './clip/clip-limits';
import { type MessageKey, t } from './i18n';

/**
 * The one place where an error becomes text a person reads: specific to its cause, in their
 * language, with what to do. It reads the error's data (kind, code, status, detail, reason,
 * params), never the developer's `message`.
 */

const OAUTH_MESSAGES: Record<string, MessageKey> = {
  access_denied: 'oauthAccessDenied',
  flow_interrupted: 'oauthFlowInterrupted',
  state_mismatch: 'oauthStateMismatch',
  invalid_grant: 'oauthInvalidGrant',
  invalid_client: 'oauthInvalidClient',
  unauthorized_client: 'oauthUnauthorizedClient',
  invalid_scope: 'oauthInvalidScope',
  invalid_target: 'oauthInvalidTarget',
  server_error: 'oauthServerError',
  temporarily_unavailable: 'oauthTemporarilyUnavailable',
};

/** Local refusals with a text of their own (their `params` fill it). */
const INVALID_INPUT_MESSAGES: Record<string, MessageKey> = {
  token_prefix: 'errorTokenPrefix',
  token_malformed: 'errorTokenMalformed',
  token_empty: 'errorTokenMalformed',
  clip_too_large: 'errorClipTooLarge',
  space_connected_elsewhere: 'errorSpaceConnectedElsewhere',
};

function invalidInput(error: SerializedApiError): string {
  const own = error.code === undefined ? undefined : INVALID_INPUT_MESSAGES[error.code];
  if (own) return t(own, error.params);
  // No status: refused here before anything was sent, not by Workspace Notes.
  if (error.status === undefined) return t('errorNotSent', error.detail ?? '');
  // The server's own words are quoted; a bare status code means nothing to a person.
  return error.detail ? t('errorInvalidInput', error.detail) : t('errorRefused');
}

/** `context` names the operation where the generic text would mislead (a token being checked). */
export function describeError(error: SerializedApiError, context?: 'token'): string {
  switch (error.kind) {
    case 'not_authenticated':
      return t(context === 'token' ? 'errorTokenRejected' : 'errorNotAuthenticated');
    case 'forbidden':
      return t('errorForbidden');
    case 'not_found':
      return t('errorNotFound');
    case 'invalid_input':
      return invalidInput(error);
    case 'rate_limited':
      return error.retryAfterMs === undefined
        ? t('errorRateLimitedSoon')
        : t('errorRateLimited', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
    case 'server':
      return t('errorServer');
    case 'network':
      return t(error.timedOut ? 'errorTimeout' : 'errorNetwork');
    case 'aborted':
      return t('errorAborted');
    case 'malformed_response':
      // The technical reason stays in the clip's event list: it names endpoints, in English.
      return error.code === 'redirected' ? t('errorRedirected') : t('errorMalformed');
    case 'oauth':
      // The code (access_denied…) is OAuth's word, not the person's: its explanation says it all.
      return t(OAUTH_MESSAGES[error.code ?? ''] ?? 'oauthOther');
  }
}

/** The size and the limit of what may be clipped at once, in MB, as the "too large" texts say them. */
function tooLarge(bytes: number): [size: string, max: string] {
  return [String(megabytes(bytes)), String(megabytes(MAX_CLIP_BYTES))];
}

/** A clip whose Markdown is over the limit, as the data `describeError` reads ("the selection is N MB; …"). */
export function clipTooLarge(bytes: number): SerializedApiError {
  const [size, max] = tooLarge(bytes);
  return {
    kind: 'invalid_input',
    endpoint: 'clip',
    code: 'clip_too_large',
    message: `the selection is ${size} MB of Markdown; at most ${max} MB can be clipped at once`,
    detail: `the selection is ${size} MB of Markdown; at most ${max} MB can be clipped at once`,
    params: [size, max],
    mayHaveBeenApplied: false,
  };
}

/** Why a selection (or the notes with it) cannot be clipped: its size and the limit. */
export function clipTooLargeText(bytes: number): string {
  return describeError(clipTooLarge(bytes));
}

/** Why a page's article cannot be kept: its size and the limit. */
export function articleTooLargeText(bytes: number): string {
  return t('articleTooLarge', tooLarge(bytes));
}
