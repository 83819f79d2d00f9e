import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useEscapeToClose } from './use-escape-to-close';

function Popup({ close }: { close(): void }) {
  useEscapeToClose(close);
  return (
    <form>
      <label>
        Notes
        <textarea />
      </label>
      <label>
        Title
        <input type="text" />
      </label>
      <label>
        Link
        <input type="radio" name="keep" />
      </label>
    </form>
  );
}

describe('useEscapeToClose', () => {
  it('leaves a text box on the first Escape and closes the popup on the second', async () => {
    const close = vi.fn();
    const user = userEvent.setup();
    render(<Popup close={close} />);
    await user.type(screen.getByLabelText('Notes'), 'half a thought');
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('Notes')).not.toHaveFocus();
    expect(close).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('treats a one-line text box the same way', async () => {
    const close = vi.fn();
    const user = userEvent.setup();
    render(<Popup close={close} />);
    await user.click(screen.getByLabelText('Title'));
    await user.keyboard('{Escape}');
    expect(close).not.toHaveBeenCalled();
  });

  it('closes at once from a control that holds no typing', async () => {
    const close = vi.fn();
    const user = userEvent.setup();
    render(<Popup close={close} />);
    await user.click(screen.getByLabelText('Link'));
    await user.keyboard('{Escape}');
    expect(close).toHaveBeenCalledTimes(1);
  });
});
