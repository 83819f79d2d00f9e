import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '@/lib/messaging';
import { HistoryList } from './history-list';

const base = {
  spaceId: 's',
  createdAt: 0,
  landedAt: 0,
  trashed: false,
  canUndo: false,
  canRestore: false,
  undoImpossible: false,
} as const;
const entries: HistoryEntry[] = [
  {
    ...base,
    id: 'a',
    kind: 'page',
    title: 'Fresh page',
    sourceUrl: 'https://a.example/',
    objectId: 'o1',
    canUndo: true,
  },
  { ...base, id: 'b', kind: 'page', title: 'Old page', sourceUrl: 'https://b.example/', objectId: 'o2' },
  {
    ...base,
    id: 'c',
    kind: 'link',
    title: 'Trashed link',
    sourceUrl: 'https://c.example/',
    objectId: 'o3',
    trashed: true,
    canRestore: true,
  },
  {
    ...base,
    id: 'd',
    kind: 'daily-note',
    title: 'A quote',
    sourceUrl: 'https://d.example/',
    objectId: null,
    undoImpossible: true,
  },
];

function row(title: string): HTMLElement {
  const found = screen.getAllByRole('listitem').find((item) => item.textContent?.includes(title));
  if (!found) throw new Error(`no row ${title}`);
  return found;
}

describe('HistoryList', () => {
  it('offers each landed clip what can still be done to it, named with its title', () => {
    render(<HistoryList entries={entries} onEdit={vi.fn()} onUndo={vi.fn()} onRestore={vi.fn()} />);
    const names = (title: string) =>
      within(row(title))
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(names('Fresh page')).toEqual(['Edit “Fresh page”', 'Undo “Fresh page”']);
    expect(names('Old page')).toEqual(['Edit “Old page”']);
    expect(names('Trashed link')).toEqual(['Restore “Trashed link”']);
    expect(row('Trashed link')).toHaveTextContent('In the trash');
    expect(names('A quote')).toEqual([]);
    expect(row('A quote')).toHaveTextContent('cannot be undone from here');
  });

  it('passes the entry to each action', async () => {
    const user = userEvent.setup();
    const props = { onEdit: vi.fn(), onUndo: vi.fn(), onRestore: vi.fn() };
    render(<HistoryList entries={entries} {...props} />);
    await user.click(screen.getByRole('button', { name: 'Undo “Fresh page”' }));
    await user.click(screen.getByRole('button', { name: 'Restore “Trashed link”' }));
    await user.click(screen.getByRole('button', { name: 'Edit “Old page”' }));
    expect(props.onUndo).toHaveBeenCalledWith(entries[0]);
    expect(props.onRestore).toHaveBeenCalledWith(entries[2]);
    expect(props.onEdit).toHaveBeenCalledWith(entries[1]);
  });
});
