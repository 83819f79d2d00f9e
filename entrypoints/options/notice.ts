import type { SerializedApiError } from '@/lib/api/errors';
import { describeError } from '@/lib/error-text';

/** Status text of the options page: what just happened, or why it failed. */
export type Notice = { message: string; tone: 'info' | 'error' };

export function failure(error: SerializedApiError, context?: 'token'): Notice {
  return { message: describeError(error, context), tone: 'error' };
}
