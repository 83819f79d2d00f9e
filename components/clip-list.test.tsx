import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClipList, type ClipListProps, type ClipView } from './clip-list';

const base = { label: 'clipKindPage', updatedAt: Date.UTC(2025, 4, 6, 9, 30) } as const;
const clips: ClipView[] = [
  { ...base, id: 'a', title: 'Example Domain', state: 'failed', reason: 'The service answered 500.' },
  { ...base, id: 'b', title: 'Offline page', state: 'pending' },
  { ...base, id: 'c', title: 'Expired', state: 'needs-sign-in', reason: 'Your session has ended.' },
  { ...base, id: 'd', title: 'Quote', label: 'clipKindAppend', targetTitle: 'Reading list', state: 'pending' },
  { ...base, id: 'e', title: 'Fixed tag', label: 'clipKindUpdate', state: 'pending' },
  { ...base, id: 'f', title: 'Undone', label: 'clipKindTrash', state: 'failed', reason: 'Not allowed.' },
];

function renderList(overrides: Partial<ClipListProps> = {}) {
  const props = { onRetry: vi.fn(), onDiscard: vi.fn(), onSignIn: vi.fn(), ...overrides };
  render(<ClipList clips={clips} {...props} />);
  return props;
}

function item(title: string): HTMLElement {
  const found = screen.getAllByRole('listitem').find((li) => li.textContent?.includes(title));
  if (!found) throw new Error(`no clip ${title}`);
  return found;
}

function buttonNames(title: string) {
  return within(item(title))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));
}

describe('ClipList', () => {
  it('says each state in words, with the reason when there is one', () => {
    renderList();
    expect(item('Example Domain')).toHaveTextContent('Failed');
    expect(item('Example Domain')).toHaveTextContent('The service answered 500.');
    expect(item('Offline page')).toHaveTextContent('Waiting to send');
    expect(item('Expired')).toHaveTextContent('Needs sign-in');
    expect(item('Quote')).toHaveTextContent('Added to a note to Reading list');
    expect(item('Fixed tag')).toHaveTextContent('Changes');
    expect(item('Undone')).toHaveTextContent('Move to trash');
  });

  it('offers the actions that fit each state, named with the clip title', () => {
    renderList();
    expect(buttonNames('Example Domain')).toEqual(['Retry Example Domain', 'Discard Example Domain']);
    expect(buttonNames('Offline page')).toEqual(['Retry Offline page', 'Discard Offline page']);
    expect(buttonNames('Expired')).toEqual(['Sign in again for Expired', 'Retry Expired', 'Discard Expired']);
    expect(buttonNames('Quote')).toEqual(['Retry Quote', 'Discard Quote']);
  });

  it('passes the clip to each callback', async () => {
    const user = userEvent.setup();
    const props = renderList();
    await user.click(screen.getByRole('button', { name: 'Retry Example Domain' }));
    await user.click(screen.getByRole('button', { name: 'Discard Offline page' }));
    await user.click(screen.getByRole('button', { name: 'Sign in again for Expired' }));
    expect(props.onRetry).toHaveBeenCalledWith(clips[0]);
    expect(props.onDiscard).toHaveBeenCalledWith(clips[1]);
    expect(props.onSignIn).toHaveBeenCalledWith(clips[2]);
  });

  it('is worked with the keyboard alone', async () => {
    const user = userEvent.setup();
    const props = renderList();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Retry Example Domain' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(props.onDiscard).toHaveBeenCalledWith(clips[0]);
  });

  it('has no interactive element inside another', () => {
    renderList();
    for (const button of screen.getAllByRole('button')) {
      expect(button.parentElement?.closest('button, a, [role="button"]')).toBeNull();
      expect(button.querySelector('button, a, input, select, textarea')).toBeNull();
    }
  });

  it('says so when the outbox is empty', () => {
    render(<ClipList clips={[]} onRetry={vi.fn()} onDiscard={vi.fn()} onSignIn={vi.fn()} />);
    expect(screen.getByText('No clips waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
