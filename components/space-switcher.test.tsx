import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type SpaceOption, SpaceSwitcher } from './space-switcher';

const spaces: SpaceOption[] = [
  { id: 's1', title: 'Personal', state: 'connected' },
  { id: 's2', title: 'Research', state: 'needs-sign-in' },
];

describe('SpaceSwitcher', () => {
  it('renders nothing with a single space', () => {
    const { container } = render(<SpaceSwitcher spaces={spaces.slice(0, 1)} value="s1" onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is a select named "Space" that says which spaces need signing in again', () => {
    render(<SpaceSwitcher spaces={spaces} value="s1" onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Space' })).toHaveValue('s1');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Personal',
      'Research (sign in again)',
    ]);
  });

  it('reports the chosen space', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SpaceSwitcher spaces={spaces} value="s1" onChange={onChange} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Space' }), 's2');
    expect(onChange).toHaveBeenCalledWith('s2');
  });
});
