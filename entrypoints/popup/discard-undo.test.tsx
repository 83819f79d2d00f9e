import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNDO_DISCARD_MS } from '@/lib/clips/stored-clip';
import { DiscardNotice, useDiscardWithUndo } from './discard-undo';

const sendMessage = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('@/lib/messaging', () => ({ sendMessage }));

function Waiting() {
  const discarding = useDiscardWithUndo();
  const { discarded } = discarding;
  return (
    <>
      {discarded && <DiscardNotice discarded={discarded} onUndo={discarding.undo} />}
      {discarded?.id !== 'a' && (
        <button type="button" onClick={() => discarding.discard({ id: 'a', title: 'Example Domain' })}>
          Discard
        </button>
      )}
    </>
  );
}

describe('Discard with Undo', () => {
  afterEach(() => {
    vi.useRealTimers();
    sendMessage.mockClear();
  });

  it('discards at once, then offers Undo, with the focus on it, which brings the clip back', async () => {
    const user = userEvent.setup();
    render(<Waiting />);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(sendMessage).toHaveBeenCalledWith('discardClip', { id: 'a' });
    expect(screen.getByRole('status')).toHaveTextContent('Discarded “Example Domain”.');
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    expect(undo).toHaveAccessibleDescription('Discarded “Example Domain”.');

    await user.click(undo);
    expect(sendMessage).toHaveBeenLastCalledWith('undoDiscardClip', { id: 'a' });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeVisible();
  });

  it('stops offering Undo once the background no longer keeps the clip', async () => {
    vi.useFakeTimers();
    render(<Waiting />);
    act(() => screen.getByRole('button', { name: 'Discard' }).click());
    expect(screen.getByRole('button', { name: 'Undo' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_DISCARD_MS));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(sendMessage).not.toHaveBeenCalledWith('undoDiscardClip', expect.anything());
  });
});
