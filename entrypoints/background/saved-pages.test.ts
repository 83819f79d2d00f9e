import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceApi, WorkspaceObject } from '@/lib/api';
import type { StoredClip } from '@/lib/clips/registry';
import type { LandedClip } from '@/lib/clips/stored-clip';
import { historyView, savedOnServer, UNDO_DAYS } from './saved-pages';

/** The space's API as a script: every weblink is titled alike; counts what the lookup asks. */
const calls: string[] = [];
const serverWeblinks: { id: string; url: string }[] = [];
vi.mock('@/lib/auth/space-api', () => ({
  apiForSpace: async () =>
    ({
      async search() {
        calls.push('search');
        return serverWeblinks.map(({ id }) => ({ id, structureId: 'MediaWebResource', title: 'Same title' }));
      },
      async getObject(id: string) {
        calls.push(`get ${id}`);
        const url = serverWeblinks.find((weblink) => weblink.id === id)?.url ?? '';
        return {
          id,
          structureId: 'MediaWebResource',
          collections: [],
          properties: {
            title: { type: 'title', title: { value: 'Same title' } },
            url: { type: 'url', url: { value: url } },
          },
        } as unknown as WorkspaceObject;
      },
    }) as unknown as WorkspaceApi,
}));

const DAY = 24 * 3_600_000;
const NOW = 100 * DAY;

function landed(id: string, kind: LandedClip['kind'], objectId: string | null, daysAgo: number): LandedClip {
  return {
    id,
    spaceId: 's',
    kind,
    title: id,
    sourceUrl: `https://example.com/${id}`,
    objectId,
    createdAt: NOW - daysAgo * DAY,
    landedAt: NOW - daysAgo * DAY,
  };
}

describe('the history as the popup shows it', () => {
  it('offers "Undo" for a weblink of the last week, and says a note append cannot be undone', () => {
    const view = historyView(
      [
        landed('fresh', 'page', 'o1', 1),
        landed('old', 'link', 'o2', UNDO_DAYS + 1),
        landed('quote', 'daily-note', null, 0),
      ],
      [],
      NOW,
      () => true,
    );
    expect(view.map(({ id, canUndo, undoImpossible }) => ({ id, canUndo, undoImpossible }))).toEqual([
      { id: 'fresh', canUndo: true, undoImpossible: false },
      { id: 'old', canUndo: false, undoImpossible: false },
      { id: 'quote', canUndo: false, undoImpossible: true },
    ]);
  });

  it('shows a weblink in the trash after "Undo" (landed or waiting), with "Restore" only where the server can', () => {
    // Newest first, as the history is kept.
    const history = [
      landed('undo', 'trash', 'o1', 0),
      landed('saved', 'page', 'o1', 1),
      landed('other', 'page', 'o2', 1),
    ];
    const waitingUndo = { clip: { kind: 'trash', objectId: 'o2' } } as unknown as StoredClip;
    const restorable = historyView(history, [waitingUndo], NOW, () => true);
    expect(restorable.map(({ id, trashed, canRestore, canUndo }) => ({ id, trashed, canRestore, canUndo }))).toEqual([
      { id: 'saved', trashed: true, canRestore: true, canUndo: false },
      { id: 'other', trashed: true, canRestore: true, canUndo: false },
    ]);
    expect(historyView(history, [], NOW, () => false)[0]).toMatchObject({ trashed: true, canRestore: false });
  });

  it('a later restore takes the weblink out of the trash again', () => {
    const history = [
      landed('back', 'restore', 'o1', 0),
      landed('undo', 'trash', 'o1', 0.5),
      landed('saved', 'page', 'o1', 1),
    ];
    expect(historyView(history, [], NOW, () => true)).toMatchObject([{ id: 'saved', trashed: false, canUndo: true }]);
  });
});

describe('a page looked for on the server (popup, quick clip)', () => {
  it('spends at most 3 requests, however many weblinks share its title', async () => {
    calls.length = 0;
    serverWeblinks.splice(
      0,
      serverWeblinks.length,
      ...[1, 2, 3, 4, 5].map((n) => ({ id: `w${n}`, url: `https://example.com/other-${n}` })),
    );
    expect(await savedOnServer('s', 'https://example.com/page', 'Same title')).toBeNull();
    expect(calls.length).toBeLessThanOrEqual(3);
  });

  it('is found when it is among the first results, and offers "Update", never "Undo": it was not saved here', async () => {
    calls.length = 0;
    serverWeblinks.splice(0, serverWeblinks.length, { id: 'w1', url: 'https://example.com/page' });
    expect(await savedOnServer('s', 'https://example.com/page#top', 'Same title')).toEqual({
      id: 'w1',
      title: 'Same title',
      structureId: 'MediaWebResource',
      undoable: false,
    });
  });
});
