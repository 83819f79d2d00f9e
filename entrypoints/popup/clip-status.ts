import type { Status } from '@/components/status-region';
import { clipOutcome } from '@/lib/clip-outcome';
import { type MessageKey, t } from '@/lib/i18n';
import type { ClipOutcome, Result, Unreadable } from '@/lib/messaging';

export const NO_STATUS: Status = { message: '', tone: 'info' };

export const UNREADABLE_KEYS: Record<Unreadable, MessageKey> = {
  'browser-page': 'unreadableBrowserPage',
  store: 'unreadableStore',
  pdf: 'unreadablePdf',
  'not-scriptable': 'unreadableNotScriptable',
};

/** What became of a clip, in words: `landed` says what landing means for this kind of clip. */
export function statusOf(result: Result<ClipOutcome>, landed: MessageKey = 'statusSaved'): Status {
  const { state, reason } = clipOutcome(result);
  if (state === 'landed') return { message: t(landed), tone: 'info' };
  if (state === 'failed') return { message: reason, tone: 'error' };
  return { message: t('statusQueued'), tone: 'info' };
}
