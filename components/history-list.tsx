import { t } from '@/lib/i18n';
import type { HistoryEntry } from '@/lib/messaging';

export type HistoryListProps = {
  entries: HistoryEntry[];
  onEdit(entry: HistoryEntry): void;
  onUndo(entry: HistoryEntry): void;
  onRestore(entry: HistoryEntry): void;
};

/**
 * The last clips that landed, each with what can still be done to it: a weblink can be edited and,
 * for a week, taken back to the trash (and restored where the server can); a selection added to a
 * note cannot be taken back through the API, and the row says so instead of offering it.
 */
export function HistoryList({ entries, onEdit, onUndo, onRestore }: HistoryListProps) {
  return (
    <ul className="history-list">
      {entries.map((entry) => (
        <li key={entry.id} className="history-entry">
          <a href={entry.sourceUrl} target="_blank" rel="noreferrer">
            {entry.title}
          </a>
          {entry.trashed && <span className="history-state"> · {t('historyInTrash')}</span>}
          {entry.undoImpossible && <p className="field-hint">{t('historyCannotUndo')}</p>}
          <div className="clip-actions">
            {!entry.undoImpossible && !entry.trashed && entry.objectId && (
              <button
                type="button"
                className="button button-small"
                aria-label={t('historyEditNamed', entry.title)}
                onClick={() => onEdit(entry)}
              >
                {t('historyEdit')}
              </button>
            )}
            {entry.canUndo && (
              <button
                type="button"
                className="button button-small"
                aria-label={t('historyUndoNamed', entry.title)}
                onClick={() => onUndo(entry)}
              >
                {t('historyUndo')}
              </button>
            )}
            {entry.canRestore && (
              <button
                type="button"
                className="button button-small"
                aria-label={t('historyRestoreNamed', entry.title)}
                onClick={() => onRestore(entry)}
              >
                {t('restoreButton')}
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
