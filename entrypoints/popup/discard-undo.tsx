import { useEffect, useRef, useState } from 'react';
import { UNDO_DISCARD_MS } from '@/lib/clips/stored-clip';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging';

type Discarded = { id: string; title: string };

/**
 * "Discard" acts at once and offers "Undo" for as long as the background keeps the clip
 * (UNDO_DISCARD_MS): asking first would slow down every discard for the rare one that was a slip.
 */
export function useDiscardWithUndo() {
  const [discarded, setDiscarded] = useState<Discarded | undefined>();

  useEffect(() => {
    if (!discarded) return;
    const timer = setTimeout(() => setDiscarded(undefined), UNDO_DISCARD_MS);
    return () => clearTimeout(timer);
  }, [discarded]);

  return {
    discarded,
    discard(clip: Discarded) {
      setDiscarded({ id: clip.id, title: clip.title });
      void sendMessage('discardClip', { id: clip.id });
    },
    undo() {
      if (!discarded) return;
      setDiscarded(undefined);
      void sendMessage('undoDiscardClip', { id: discarded.id });
    },
  };
}

/** What was discarded, with its "Undo"; it takes the focus, as the discarded clip's buttons are gone. */
export function DiscardNotice({ discarded, onUndo }: { discarded: Discarded; onUndo(): void }) {
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => undoRef.current?.focus(), []);
  return (
    <div className="discard-notice">
      <p id="discard-notice-text" role="status">
        {t('discardedNotice', discarded.title)}
      </p>
      <button
        ref={undoRef}
        type="button"
        className="button button-small"
        aria-describedby="discard-notice-text"
        onClick={onUndo}
      >
        {t('undoDiscard')}
      </button>
    </div>
  );
}
