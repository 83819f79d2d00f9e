import { t } from '@/lib/i18n';

/** An object to open in the edit view, asked for from the history. */
export interface EditRequest {
  spaceId: string;
  objectId: string;
  title: string;
  /** "Undo" is offered for it (saved here, less than 7 days ago). */
  undoable: boolean;
  /** Changes with every request, so asking for the same object again opens it again. */
  at: number;
}

/** The weblink the edit view works on. */
export interface SavedState {
  objectId: string;
  title: string;
  /** Moved to the trash from this popup ("Undo"). */
  trashed: boolean;
  /**
   * "Undo" is offered: this extension saved it, less than 7 days ago. A weblink found on the
   * server, saved by someone or something else, can be updated but is never taken back from here.
   */
  undoable: boolean;
  /** After a move to the trash: whether its server can bring it back. */
  restorable?: boolean | undefined;
}

/** What can be done to a saved weblink: send the changes, take it back (or bring it back), or save the page anew. */
export function SavedActions({
  saved,
  busy,
  loaded,
  onUndo,
  onRestore,
  onSaveAgain,
}: {
  saved: SavedState;
  busy: boolean;
  /** Its current values are known (the changes are worked out against them). */
  loaded: boolean;
  onUndo(): void;
  onRestore(): void;
  onSaveAgain(): void;
}) {
  return (
    <>
      <button type="submit" className="button button-primary" disabled={busy || !loaded || saved.trashed}>
        {t('updateButton')}
      </button>
      {saved.trashed
        ? saved.restorable && (
            <button type="button" className="button" disabled={busy} onClick={onRestore}>
              {t('restoreButton')}
            </button>
          )
        : saved.undoable && (
            <button type="button" className="button" disabled={busy} onClick={onUndo}>
              {t('undoButton')}
            </button>
          )}
      <button type="button" className="button button-quiet" disabled={busy} onClick={onSaveAgain}>
        {t('saveAgainButton')}
      </button>
    </>
  );
}
