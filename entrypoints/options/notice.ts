import type { Status } from '@/components/status-region';
import type { SerializedApiError } from '@/lib/api/errors';
import { describeError } from '@/lib/error-text';

/** The options page's status when an action failed: why, in words. */
export function failure(error: SerializedApiError, context?: 'token'): Status {
  return { message: describeError(error, context), tone: 'error' };
}
