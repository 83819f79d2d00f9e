import { readTitle } from '@/lib/api';
import { readSecret } from '@/lib/auth/secrets';
import { apiForSpace } from '@/lib/auth/space-api';
import { findWeblink } from '@/lib/clips/lost-answers';
import { kindOf, type StoredClip } from '@/lib/clips/registry';
import type { LandedClip } from '@/lib/clips/stored-clip';
import type { HistoryEntry, SavedPage } from '@/lib/messaging';
import { samePage } from '@/lib/page-url';
import { serverTraits } from '@/lib/server-memory';
import { outbox } from './outbox-service';
import { weblinkUrlProperty } from './space-structures';

/** Whether the server of a space is known to restore from the trash (learned when something was trashed). */
export async function canRestore(spaceId: string): Promise<boolean> {
  const secret = await readSecret(spaceId);
  return secret !== undefined && serverTraits.get(secret.baseUrl).restore === true;
}

/** How long "Undo" is offered for a saved weblink. */
export const UNDO_DAYS = 7;
const DAY_MS = 24 * 3_600_000;

/**
 * The history as the popup shows it: the clips that made something (weblinks, appends), each with
 * what can still be done to it. Changes made later (an update, a move to the trash and back) are
 * not rows of their own: they decide a row's state, the newest first, waiting ones included.
 */
export function historyView(
  history: LandedClip[],
  waiting: StoredClip[],
  now: number,
  canRestore: (spaceId: string) => boolean,
): HistoryEntry[] {
  const role = (kind: string) => kindOf(kind).history;
  const isMove = (kind: string) => role(kind) === 'trashed' || role(kind) === 'restored';
  const trashed = new Map<string, boolean>();
  // Oldest to newest: the last move decides.
  const moves = [
    ...[...history].reverse().filter((entry) => isMove(entry.kind)),
    ...waiting.flatMap((stored) =>
      isMove(stored.clip.kind)
        ? [{ kind: stored.clip.kind, objectId: kindOf(stored.clip.kind).objectId(stored.clip) }]
        : [],
    ),
  ];
  for (const move of moves) if (move.objectId) trashed.set(move.objectId, role(move.kind) === 'trashed');
  return history
    .filter((entry) => role(entry.kind) === 'saved' || role(entry.kind) === 'added')
    .map((entry) => {
      const saved = role(entry.kind) === 'saved';
      const inTrash = entry.objectId !== null && trashed.get(entry.objectId) === true;
      return {
        ...entry,
        trashed: inTrash,
        canUndo: saved && !inTrash && entry.objectId !== null && now - entry.landedAt < UNDO_DAYS * DAY_MS,
        canRestore: saved && inTrash && canRestore(entry.spaceId),
        undoImpossible: !saved,
      };
    });
}

/** A weblink of this address saved by this extension and not moved to the trash since. */
export async function savedInHistory(spaceId: string, url: string): Promise<SavedPage | null> {
  const view = historyView(await outbox.history(), await outbox.list(), Date.now(), () => false);
  const saved = view.find(
    (entry) =>
      entry.spaceId === spaceId &&
      kindOf(entry.kind).history === 'saved' &&
      !entry.trashed &&
      entry.objectId !== null &&
      samePage(entry.sourceUrl, url),
  );
  return saved?.objectId
    ? { id: saved.objectId, title: saved.title, structureId: 'MediaWebResource', undoable: saved.canUndo }
    : null;
}

/**
 * Requests one server lookup may make: the title search and two candidates opened. It runs on every
 * popup opened on a page not saved here, so it must stay cheap: a page whose weblink is not among
 * the first two results of its title is offered as a new clip (a second weblink is a smaller harm
 * than a popup that spends a quarter of the minute's budget).
 */
export const SERVER_LOOKUP_CANDIDATES = 2;

/** A weblink of this address in the space, found by title search and confirmed by its URL property (found by type). */
export async function savedOnServer(spaceId: string, url: string, title: string): Promise<SavedPage | null> {
  // The outbox's own lookup, with nothing excluded and no age limit; the URL property only as far
  // as the structures are already known, so the lookup never costs a structures request. It gives
  // way to the outbox in the budget: when little is left, it is not made (and says nothing found).
  const found = await findWeblink(
    await apiForSpace(spaceId, 'lookup'),
    { url, title, existingObjectIds: [] },
    {
      startedAt: 0,
      otherResults: new Set(),
      urlPropertyId: weblinkUrlProperty(spaceId, true),
      maxCandidates: SERVER_LOOKUP_CANDIDATES,
    },
  );
  return found === undefined
    ? null
    : { id: found.id, title: readTitle(found) || title, structureId: found.structureId, undoable: false };
}
