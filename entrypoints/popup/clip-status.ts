import type { SerializedApiError } from '@/lib/api/errors';
import { describeError } from '@/lib/error-text';
import { type MessageKey, t } from '@/lib/i18n';
import type { ClipOutcome, Result, Unreadable } from '@/lib/messaging';

/** What the popup's status region says. */
export type Status = { message: string; tone: 'info' | 'error' };

export const NO_STATUS: Status = { message: '', tone: 'info' };

export const UNREADABLE_KEYS: Record<Unreadable, MessageKey> = {
  'browser-page': 'unreadableBrowserPage',
  store: 'unreadableStore',
  pdf: 'unreadablePdf',
  'not-scriptable': 'unreadableNotScriptable',
};

/** What became of a clip, in words: `landed` says what landing means for this kind of clip. */
export function statusOf(result: Result<ClipOutcome>, landed: MessageKey = 'statusSaved'): Status {
  if (!result.ok) return { message: describeError(result.error), tone: 'error' };
  const outcome = result.value;
  if (outcome.state === 'landed') return { message: t(landed), tone: 'info' };
  if (outcome.state === 'failed') return { message: describeError(outcome.error as SerializedApiError), tone: 'error' };
  return { message: t('statusQueued'), tone: 'info' };
}
