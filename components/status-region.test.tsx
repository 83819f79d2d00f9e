import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusRegion } from './status-region';

describe('StatusRegion', () => {
  it('is a polite status region present even before there is anything to say', () => {
    render(<StatusRegion message="" />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });

  it('shows exactly the message, so its text ends with the outcome', () => {
    const { rerender } = render(<StatusRegion message="Saving…" />);
    rerender(<StatusRegion message="Saved" />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Saved$/);
    rerender(<StatusRegion message="Queued" />);
    expect(screen.getByRole('status').textContent?.endsWith('Queued')).toBe(true);
  });

  it('marks errors with a hidden icon and style, the text still being only the message', () => {
    render(<StatusRegion tone="error" message="The service is unreachable" />);
    const region = screen.getByRole('status');
    expect(region).toHaveClass('status-error');
    expect(region.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(region.textContent).toBe('The service is unreachable');
  });

  it('shows no error icon without a message', () => {
    render(<StatusRegion tone="error" message="" />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
