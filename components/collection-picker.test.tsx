import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CollectionPicker } from './collection-picker';

const collections = [
  { id: 'c1', title: 'Articles' },
  { id: 'c2', title: 'Recipes' },
];

describe('CollectionPicker', () => {
  it('is a select named "Collection" whose first choice is no collection', () => {
    render(<CollectionPicker collections={collections} value={null} onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Collection' });
    expect(select.tagName).toBe('SELECT');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No collection',
      'Articles',
      'Recipes',
    ]);
    expect(select).toHaveValue('');
  });

  it('reports the chosen collection id, and null for no collection', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CollectionPicker collections={collections} value="c1" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Collection' });
    expect(select).toHaveValue('c1');
    await user.selectOptions(select, 'Recipes');
    expect(onChange).toHaveBeenLastCalledWith('c2');
    await user.selectOptions(select, 'No collection');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('is reached with the keyboard', async () => {
    const user = userEvent.setup();
    render(<CollectionPicker collections={collections} value={null} onChange={() => {}} />);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Collection' })).toHaveFocus();
  });

  it('links an error to the select', () => {
    render(
      <CollectionPicker
        collections={collections}
        value="gone"
        onChange={() => {}}
        error="This collection was deleted"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Collection' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('This collection was deleted');
  });
});
