import { useEffect, useState } from 'react';
import { useSavedPage } from './queries';
import type { EditRequest, SavedState } from './saved-actions';

/**
 * The weblink the clip form edits, if any: one saved from this popup or picked from the history,
 * else the page's own once it is found (in the history, or on the server). "Save again as a new
 * weblink" sets the page's aside until the new one is saved.
 */
export function useEditedWeblink(options: {
  spaceId: string;
  url: string;
  /** The page's title once it has been read (the server lookup searches by it). */
  readTitle: string | undefined;
  editRequest: EditRequest | undefined;
}) {
  const { spaceId, url, readTitle, editRequest } = options;
  const [chosen, setChosen] = useState<SavedState | undefined>();
  const [saveAnew, setSaveAnew] = useState(false);
  const found = useSavedPage(spaceId, url || undefined, readTitle);
  useEffect(() => {
    if (editRequest) {
      const { objectId, title, undoable } = editRequest;
      setChosen({ objectId, title, undoable, trashed: false });
    }
  }, [editRequest]);
  const saved: SavedState | undefined =
    chosen ??
    (saveAnew || !found
      ? undefined
      : { objectId: found.id, title: found.title, undoable: found.undoable, trashed: false });
  return {
    saved,
    /** The page was found already saved (not saved or picked here): the status says so. */
    foundAlreadySaved: saved !== undefined && chosen === undefined,
    /** After a save or a move to the trash from this popup. */
    choose(next: SavedState) {
      setChosen(next);
      setSaveAnew(false);
    },
    /** "Save again as a new weblink": the form is a new clip until that one is saved. */
    setAside() {
      setSaveAnew(true);
      setChosen(undefined);
    },
  };
}
