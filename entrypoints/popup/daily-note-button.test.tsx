import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DailyNoteButton } from './daily-note-button';

describe('DailyNoteButton', () => {
  it('shows why it is disabled as text tied to it, not as a tooltip', () => {
    render(<DailyNoteButton disabled reason="Select text on the page or write notes first." onClick={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Add to daily note' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('title');
    expect(button).toHaveAccessibleDescription('Select text on the page or write notes first.');
    expect(screen.getByText('Select text on the page or write notes first.')).toBeVisible();
  });

  it('says nothing once it can be used', () => {
    render(
      <DailyNoteButton disabled={false} reason="Select text on the page or write notes first." onClick={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Add to daily note' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText('Select text on the page or write notes first.')).toBeNull();
  });
});
