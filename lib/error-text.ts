import type { SerializedApiError } from './api/errors';
import { type MessageKey, t } from './i18n';

const OAUTH_MESSAGES: Record<string, MessageKey> = {
  access_denied: 'oauthAccessDenied',
  flow_interrupted: 'oauthFlowInterrupted',
  state_mismatch: 'oauthStateMismatch',
  invalid_grant: 'oauthInvalidGrant',
  invalid_client: 'oauthInvalidClient',
  unauthorized_client: 'oauthUnauthorizedClient',
  invalid_scope: 'oauthInvalidScope',
  invalid_target: 'oauthInvalidTarget',
};

/** The server's own words from an InvalidInputError message ("…: detail"). */
function detailOf(error: SerializedApiError): string {
  const colon = error.message.indexOf(': ');
  return colon === -1 ? error.message : error.message.slice(colon + 2);
}

/**
 * What a person reads for an error: specific to its cause, in their language, with what to do.
 * `context` names the operation where the generic text would mislead (a token being checked).
 */
export function describeError(error: SerializedApiError, context?: 'token'): string {
  switch (error.kind) {
    case 'not_authenticated':
      return t(context === 'token' ? 'errorTokenRejected' : 'errorNotAuthenticated');
    case 'forbidden':
      return t('errorForbidden');
    case 'not_found':
      return t('errorNotFound');
    case 'invalid_input':
      if (error.code === 'token_prefix') return t('errorTokenPrefix');
      if (error.code === 'token_malformed' || error.code === 'token_empty') return t('errorTokenMalformed');
      return t('errorInvalidInput', detailOf(error));
    case 'rate_limited':
      return t('errorRateLimited', String(Math.max(1, Math.ceil((error.retryAfterMs ?? 0) / 1000))));
    case 'server':
      return t('errorServer', String(error.status ?? 500));
    case 'network':
    case 'aborted':
      return t(error.timedOut ? 'errorTimeout' : 'errorNetwork');
    case 'malformed_response':
      return t('errorMalformed', detailOf(error));
    case 'oauth': {
      const code = error.code ?? 'unknown';
      return t('errorOAuth', [t(OAUTH_MESSAGES[code] ?? 'oauthOther'), code]);
    }
  }
}
