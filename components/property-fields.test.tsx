import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldValue } from '@/lib/fields/field-value';
import { definitions } from '@/tests/support/field-definitions';
import type { SearchEntities } from './entity-field';
import { PropertyFields, type PropertyFieldsProps } from './property-fields';

const noSearch: SearchEntities = () => new Promise(() => {});

function Harness({
  initial = {},
  onChange,
  ...props
}: Partial<PropertyFieldsProps> & { initial?: Record<string, FieldValue> }) {
  const [values, setValues] = useState(initial);
  return (
    <PropertyFields
      definitions={definitions}
      errors={{}}
      searchEntities={noSearch}
      debounceMs={0}
      {...props}
      values={values}
      onChange={(id, value) => {
        setValues((current) => ({ ...current, [id]: value }));
        onChange?.(id, value);
      }}
    />
  );
}

describe('PropertyFields', () => {
  it('renders one control per editable type, each named by its property', () => {
    render(<Harness />);
    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveAttribute('type', 'text');
    expect(screen.getByRole('textbox', { name: 'Rating' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('checkbox', { name: 'Read' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Source' })).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Due')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Remind me')).toHaveAttribute('type', 'datetime-local');
    const priority = screen.getByRole('combobox', { name: 'Priority' });
    expect(priority.tagName).toBe('SELECT');
    expect(
      within(priority)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No selection', 'Low', 'High']);
    const topics = screen.getByRole('group', { name: 'Topics' });
    expect(topics.tagName).toBe('FIELDSET');
    expect(within(topics).getAllByRole('checkbox')).toEqual([
      within(topics).getByRole('checkbox', { name: 'Art' }),
      within(topics).getByRole('checkbox', { name: 'Science' }),
    ]);
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveAttribute('aria-autocomplete', 'list');
  });

  it('leaves out read-only fields, title, tags and types it cannot edit', () => {
    render(<Harness />);
    for (const name of ['Title', 'Tags', 'Created', 'Updated', 'Body', 'Rich', 'Locked note']) {
      expect(screen.queryByLabelText(name)).not.toBeInTheDocument();
    }
  });

  it('reports what was entered, as typed values', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'Hi');
    expect(onChange).toHaveBeenLastCalledWith('summary', { type: 'text', text: 'Hi' });
    await user.type(screen.getByRole('textbox', { name: 'Rating' }), '4,5x');
    expect(onChange).toHaveBeenLastCalledWith('rating', { type: 'number', raw: '4,5x' });
    await user.click(screen.getByRole('checkbox', { name: 'Read' }));
    expect(onChange).toHaveBeenLastCalledWith('read', { type: 'boolean', checked: true });
    await user.type(screen.getByRole('textbox', { name: 'Source' }), 'x');
    expect(onChange).toHaveBeenLastCalledWith('source', { type: 'url', url: 'x' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'High');
    expect(onChange).toHaveBeenLastCalledWith('priority', { type: 'label', ids: ['high'] });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'No selection');
    expect(onChange).toHaveBeenLastCalledWith('priority', { type: 'label', ids: [] });
    await user.click(screen.getByRole('checkbox', { name: 'Science' }));
    await user.click(screen.getByRole('checkbox', { name: 'Art' }));
    expect(onChange).toHaveBeenLastCalledWith('topics', { type: 'label', ids: ['science', 'art'] });
    await user.click(screen.getByRole('checkbox', { name: 'Science' }));
    expect(onChange).toHaveBeenLastCalledWith('topics', { type: 'label', ids: ['art'] });
  });

  it('sets and clears a date, keeping focus on the date input', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={{ due: { type: 'date', value: '2025-03-01' } }} />);
    const due = screen.getByLabelText('Due');
    expect(due).toHaveValue('2025-03-01');
    const clear = screen.getByRole('button', { name: 'Clear Due' });
    await user.click(clear);
    expect(onChange).toHaveBeenLastCalledWith('due', { type: 'date', value: '' });
    expect(due).toHaveValue('');
    expect(clear).toBeDisabled();
    expect(due).toHaveFocus();
  });

  it("shows a date and time read from a page on the person's clock, to the minute", () => {
    const instant = '2015-02-24T19:56:33.374Z';
    render(<Harness initial={{ remind: { type: 'date', value: instant } }} />);
    const local = new Date(instant);
    const two = (value: number) => String(value).padStart(2, '0');
    expect(screen.getByLabelText('Remind me')).toHaveValue(
      `${local.getFullYear()}-${two(local.getMonth() + 1)}-${two(local.getDate())}T${two(local.getHours())}:${two(local.getMinutes())}`,
    );
  });

  it('shows each reason at its field, linked to the control', () => {
    render(
      <Harness
        initial={{ rating: { type: 'number', raw: 'many' }, topics: { type: 'label', ids: ['art', 'gone'] } }}
        errors={{ rating: 'Enter a number, like 12 or 3.5.', topics: 'This option no longer exists. Choose another.' }}
      />,
    );
    const rating = screen.getByRole('textbox', { name: 'Rating' });
    expect(rating).toHaveValue('many');
    expect(rating).toHaveAttribute('aria-invalid', 'true');
    expect(rating).toHaveAccessibleDescription('Enter a number, like 12 or 3.5.');
    expect(screen.getByRole('group', { name: 'Topics' })).toHaveAccessibleDescription(
      'This option no longer exists. Choose another.',
    );
    expect(screen.getByRole('textbox', { name: 'Summary' })).not.toHaveAttribute('aria-invalid');
  });

  it('ignores a stored value of the wrong type and shows the field empty', () => {
    render(<Harness initial={{ rating: { type: 'text', text: 'five' } }} />);
    expect(screen.getByRole('textbox', { name: 'Rating' })).toHaveValue('');
  });

  it('links objects found by search as chips, limited to the allowed structures, without offering creation', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const searchEntities = vi.fn<SearchEntities>(async (query) =>
      query === 'pla'
        ? [
            { id: 'o1', title: 'Plan' },
            { id: 'o2', title: 'Platform' },
          ]
        : [],
    );
    render(<Harness onChange={onChange} searchEntities={searchEntities} />);
    const project = screen.getByRole('combobox', { name: 'Project' });
    await user.type(project, 'pla');
    expect(await screen.findByRole('option', { name: 'Platform' })).toBeInTheDocument();
    expect(searchEntities).toHaveBeenLastCalledWith('pla', ['RootPage'], expect.any(AbortSignal));
    const listbox = screen.getByRole('listbox', { name: 'Project' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Plan', 'Platform']);

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('project', { type: 'entity', items: [{ id: 'o2', title: 'Platform' }] });
    expect(screen.getByRole('button', { name: 'Remove Platform' })).toBeInTheDocument();

    await user.type(project, 'nothing{Enter}');
    await act(async () => {});
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('option', { name: /Create/ })).not.toBeInTheDocument();

    await user.clear(project);
    await user.click(screen.getByRole('button', { name: 'Remove Platform' }));
    expect(onChange).toHaveBeenLastCalledWith('project', { type: 'entity', items: [] });
  });
});
