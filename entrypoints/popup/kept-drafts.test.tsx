import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PopupDraft, popupDraftsItem } from '@/lib/storage';
import { keptDraft, loadDrafts, useKeptDraft } from './kept-drafts';

const url = 'https://example.com/bread';

function Keeper({ draft }: { draft: PopupDraft | null }) {
  useKeptDraft(7, 'space-1', draft);
  return null;
}

describe('kept drafts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes what was typed a moment later, per tab and space, and gives it back on the same page only', async () => {
    await loadDrafts();
    const view = render(<Keeper draft={{ url, notes: 'half a thought' }} />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await popupDraftsItem.getValue()).toEqual({ 7: { 'space-1': { url, notes: 'half a thought' } } });
    view.unmount();

    await loadDrafts();
    expect(keptDraft(7, 'space-1', url)?.notes).toBe('half a thought');
    expect(keptDraft(7, 'space-1', 'https://example.com/other')).toBeUndefined();
    expect(keptDraft(8, 'space-1', url)).toBeUndefined();
  });

  it('writes at once when the popup loses focus, as a click on the page closes it', async () => {
    await loadDrafts();
    render(<Keeper draft={{ url, title: 'Bread' }} />);
    act(() => window.dispatchEvent(new Event('blur')));
    await act(() => Promise.resolve());
    expect((await popupDraftsItem.getValue())[7]?.['space-1']?.title).toBe('Bread');
  });

  it('forgets the draft once it is saved', async () => {
    await popupDraftsItem.setValue({ 7: { 'space-1': { url, notes: 'sent' } }, 8: { 'space-1': { url, notes: 'x' } } });
    await loadDrafts();
    render(<Keeper draft={null} />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await popupDraftsItem.getValue()).toEqual({ 8: { 'space-1': { url, notes: 'x' } } });
  });

  it('writes nothing for a form nobody changed', async () => {
    await loadDrafts();
    render(<Keeper draft={{ url }} />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await popupDraftsItem.getValue()).toEqual({});
  });
});
