import { ClipList, type ClipView } from '@/components/clip-list';
import { HistoryList } from '@/components/history-list';
import { describeError } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import { type HistoryEntry, type QueuedClip, sendMessage } from '@/lib/messaging';
import { DiscardNotice, useDiscardWithUndo } from './discard-undo';
import { useOutbox } from './queries';
import type { EditRequest } from './saved-actions';

function toView(clip: QueuedClip): ClipView {
  return {
    id: clip.id,
    title: clip.title,
    label: clip.label,
    state: clip.state,
    ...(clip.error ? { reason: describeError(clip.error) } : {}),
    updatedAt: clip.updatedAt,
  };
}

/**
 * Clips not landed yet, with why and what can be done (retry, discard, sign in, drop a tag the
 * server refused), and the last clips that landed.
 */
export function OutboxPanel({ onSignIn, onEdit }: { onSignIn(): void; onEdit(request: EditRequest): void }) {
  const outbox = useOutbox();
  const discarding = useDiscardWithUndo();
  const { discarded } = discarding;
  const clips = (outbox.data?.clips ?? []).filter((clip) => clip.id !== discarded?.id);
  const history = outbox.data?.history ?? [];
  const notice = discarded && <DiscardNotice key={discarded.id} discarded={discarded} onUndo={discarding.undo} />;
  if (clips.length === 0 && history.length === 0) return notice;
  /** Undo and Restore from the history, as clips of their own (durable, retried, in order per object). */
  const act = (kind: 'trash' | 'restore', entry: HistoryEntry) =>
    entry.objectId &&
    sendMessage('saveClip', {
      spaceId: entry.spaceId,
      clip: {
        kind,
        objectId: entry.objectId,
        objectTitle: entry.title,
        source: { url: entry.sourceUrl, title: entry.title },
      },
    });
  const refusedWithTags = clips.filter((clip) => clip.state === 'failed' && clip.tags.length > 0);
  return (
    <>
      {clips.length === 0 && notice}
      {clips.length > 0 && (
        <section aria-labelledby="outbox-heading" className="outbox">
          <div className="outbox-header">
            <h2 id="outbox-heading">{t('outboxHeading')}</h2>
            {clips.length > 1 && (
              <button type="button" className="button button-small" onClick={() => void sendMessage('retryAllClips')}>
                {t('retryAll')}
              </button>
            )}
          </div>
          {notice}
          <ClipList
            clips={clips.map(toView)}
            onRetry={(clip) => void sendMessage('retryClip', { id: clip.id })}
            onDiscard={discarding.discard}
            onSignIn={onSignIn}
          />
          {refusedWithTags.map((clip) => (
            <div key={clip.id} className="clip-fix">
              {clip.tags.map((tag) => (
                <button
                  key={tag.key}
                  type="button"
                  className="button button-small"
                  onClick={() => void sendMessage('fixClip', { id: clip.id, removeTags: [tag.key] })}
                >
                  {t('removeTagAndRetry', tag.title)}
                </button>
              ))}
            </div>
          ))}
        </section>
      )}
      {history.length > 0 && (
        <details className="history">
          <summary>{t('historyHeading')}</summary>
          <HistoryList
            entries={history.slice(0, 10)}
            onEdit={(entry) =>
              entry.objectId &&
              onEdit({
                spaceId: entry.spaceId,
                objectId: entry.objectId,
                title: entry.title,
                undoable: entry.canUndo,
                at: Date.now(),
              })
            }
            onUndo={(entry) => void act('trash', entry)}
            onRestore={(entry) => void act('restore', entry)}
          />
        </details>
      )}
    </>
  );
}
