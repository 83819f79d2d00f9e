import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clipOutcome } from '@/lib/clip-outcome';
import { describeError } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import { type HighlightSelectionOutcome, type Result, sendMessage } from '@/lib/messaging';
import { highlightsKey, highlightsQuery } from './highlights-key';

/** What "Highlight selection" did, in words ('' when there is nothing to say). */
function said(result: Result<HighlightSelectionOutcome>): string {
  if (!result.ok) return describeError(result.error);
  const answer = result.value;
  switch (answer.kind) {
    case 'highlighted': {
      const { state, reason } = clipOutcome({ ok: true, value: answer.outcome });
      return state === 'landed' ? t('notifyHighlighted') : reason || t('clipKindHighlight');
    }
    case 'too-long':
      return t('highlightTooLong', [String(answer.length), String(answer.limit)]);
    case 'no-selection':
      return t('notifyNothingSelected');
    case 'unreadable':
      return t('highlightUnavailable');
    default:
      return '';
  }
}

/**
 * "Highlight selection" in the popup (issue #23). Opening the popup on a page also draws its
 * highlights again: it starts the list's read at once, which the list "Highlights" then shows.
 */
export function HighlightButton({ spaceId, tabId }: { spaceId: string; tabId: number }) {
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();

  useEffect(() => {
    void client.prefetchQuery(highlightsQuery(spaceId, tabId, undefined));
  }, [client, spaceId, tabId]);

  const onClick = async () => {
    setBusy(true);
    setStatus(said(await sendMessage('highlightSelection', { spaceId, tabId })));
    setBusy(false);
    // The list "Highlights" shows the new one.
    void client.invalidateQueries({ queryKey: highlightsKey(spaceId, tabId) });
  };

  return (
    <section className="highlight-action">
      <button type="button" className="button" disabled={busy} onClick={() => void onClick()}>
        {t('highlightSelection')}
      </button>
      <p role="status" className="field-hint">
        {status}
      </p>
    </section>
  );
}
