import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Status } from '@/components/status-region';
import { type MessageKey, t } from '@/lib/i18n';
import { type ClipRequest, sendMessage } from '@/lib/messaging';
import { statusOf } from './clip-status';
import { keys } from './queries';

/**
 * Sending one clip of the form and what the person is told of it: "Saving…" while the background
 * keeps it, then its outcome; the remembered tags and collection are read again afterwards.
 */
export function useSendClip(spaceId: string) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status | undefined>();
  const [busy, setBusy] = useState(false);

  async function send(clip: ClipRequest, landed?: MessageKey) {
    setBusy(true);
    setStatus({ message: t('statusSaving'), tone: 'info' });
    const result = await sendMessage('saveClip', { spaceId, clip });
    setStatus(statusOf(result, landed));
    setBusy(false);
    void queryClient.invalidateQueries({ queryKey: keys.preferences });
    return result.ok ? result.value : undefined;
  }

  return { status, setStatus, busy, setBusy, send };
}
