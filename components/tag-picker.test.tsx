import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TagRef } from '@/lib/messaging';
import { matchesWordPrefix, type TagOption, TagPicker, type TagPickerProps } from './tag-picker';

const reading: TagOption = { id: 't1', title: 'Reading' };
const toRead: TagOption = { id: 't2', title: 'To read' };
const bread: TagOption = { id: 't3', title: 'Bread' };
const research: TagOption = { id: 't4', title: 'Research' };
const recentTags = [reading, toRead, bread];

type Search = TagPickerProps['searchTags'];

/** A search that answers only when the test says so, recording every call. */
function controlledSearch() {
  const calls: { query: string; signal: AbortSignal; resolve(results: TagOption[]): void }[] = [];
  const search = vi.fn<Search>(
    (query, signal) =>
      new Promise((resolve) => {
        calls.push({ query, signal, resolve });
      }),
  );
  return { search, calls };
}

const never: Search = () => new Promise(() => {});

function Harness({ initial = [], onChange, ...props }: Partial<TagPickerProps> & { initial?: TagRef[] }) {
  const [selected, setSelected] = useState<TagRef[]>(initial);
  return (
    <TagPicker
      recentTags={recentTags}
      searchTags={never}
      debounceMs={0}
      {...props}
      selected={selected}
      onChange={(next) => {
        setSelected(next);
        onChange?.(next);
      }}
    />
  );
}

function optionNames() {
  return screen.queryAllByRole('option').map((option) => option.textContent);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TagPicker', () => {
  it('is a combobox named "Tags" that controls a listbox, collapsed at first', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(listbox).toHaveAttribute('role', 'listbox');
  });

  it('suggests matching recent tags at once, before the server answers', async () => {
    const user = userEvent.setup();
    render(<Harness searchTags={never} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'REA');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Tags' })).toBeVisible();
    // Word prefix: "To read" matches, "Bread" (read inside a word) does not.
    expect(optionNames()).toEqual(['Reading', 'To read', 'Create tag "REA"']);
  });

  // Keystrokes as change events: Testing Library's async helpers wait on a real setTimeout, which
  // the fake timers these tests need would freeze.
  function typeEach(input: HTMLElement, text: string, from = '') {
    for (let length = 1; length <= text.length; length++) {
      fireEvent.change(input, { target: { value: from + text.slice(0, length) } });
    }
  }

  it('asks the server exactly once for a burst of keystrokes, after the pause', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { search } = controlledSearch();
    render(<Harness searchTags={search} debounceMs={200} />);
    typeEach(screen.getByRole('combobox', { name: 'Tags' }), 'hello');
    act(() => vi.advanceTimersByTime(199));
    expect(search).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('hello', expect.any(AbortSignal));
  });

  it('aborts a request whose query is stale and ignores its late answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { search, calls } = controlledSearch();
    render(<Harness recentTags={[]} searchTags={search} debounceMs={200} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    typeEach(input, 'ab');
    act(() => vi.advanceTimersByTime(200));
    typeEach(input, 'c', 'ab');
    expect(calls[0]?.signal.aborted).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(calls.map((call) => call.query)).toEqual(['ab', 'abc']);
    expect(calls[1]?.signal.aborted).toBe(false);

    await act(async () => calls[0]?.resolve([{ id: 'x', title: 'Abandoned' }]));
    expect(optionNames()).toEqual(['Create tag "abc"']);
    await act(async () => calls[1]?.resolve([{ id: 'y', title: 'Abc news' }]));
    expect(optionNames()).toEqual(['Abc news', 'Create tag "abc"']);
  });

  it('ignores a late answer from an aborted request even when the same query is asked again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { search, calls } = controlledSearch();
    const { container } = render(<Harness recentTags={[]} searchTags={search} debounceMs={200} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    typeEach(input, 'ab');
    act(() => vi.advanceTimersByTime(200));
    typeEach(input, 'c', 'ab');
    fireEvent.change(input, { target: { value: 'ab' } });
    act(() => vi.advanceTimersByTime(200));
    expect(calls.map((call) => call.query)).toEqual(['ab', 'ab']);

    // A search function that ignores its signal may still answer; that answer is not the latest.
    await act(async () => calls[0]?.resolve([{ id: 'x', title: 'Abandoned' }]));
    expect(optionNames()).toEqual(['Create tag "ab"']);
    expect(container.querySelector('[aria-live="polite"]')).toHaveTextContent('Searching…');
    await act(async () => calls[1]?.resolve([{ id: 'y', title: 'Abc news' }]));
    expect(optionNames()).toEqual(['Abc news', 'Create tag "ab"']);
  });

  it('merges server results after the local ones, without duplicates or tags already chosen', async () => {
    const user = userEvent.setup();
    const { search, calls } = controlledSearch();
    render(<Harness initial={[{ kind: 'existing', ...research }]} searchTags={search} recentTags={[reading]} />);
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 're');
    await vi.waitFor(() => expect(calls.at(-1)?.query).toBe('re'));
    await act(async () => calls.at(-1)?.resolve([reading, { id: 't5', title: 'Reading list' }, research, reading]));
    expect(optionNames()).toEqual(['Reading', 'Reading list', 'Create tag "re"']);
  });

  it('offers "Create tag" only while no existing tag has exactly the typed name', async () => {
    const user = userEvent.setup();
    const { search, calls } = controlledSearch();
    render(<Harness searchTags={search} recentTags={[reading]} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });

    await user.type(input, 'readi');
    expect(optionNames()).toContain('Create tag "readi"');
    await user.type(input, 'NG');
    expect(optionNames()).toEqual(['Reading']);

    await user.clear(input);
    await user.type(input, 'python');
    expect(optionNames()).toEqual(['Create tag "python"']);
    await vi.waitFor(() => expect(calls.at(-1)?.query).toBe('python'));
    await act(async () => calls.at(-1)?.resolve([{ id: 't9', title: 'Python' }]));
    expect(optionNames()).toEqual(['Python']);
  });

  it('adds a new tag from the "Create tag" option, to be created when saving', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'Gardening');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([{ kind: 'new', title: 'Gardening' }]);
    expect(screen.getByRole('button', { name: 'Remove tag Gardening' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves the active option with the arrow keys, wrapping, and picks it with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 're');
    const [first, second, create] = screen.getAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', create?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', second?.id);

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([{ kind: 'existing', id: 't2', title: 'To read' }]);
  });

  it('opens the recent tags with ArrowDown on an empty input', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.keyboard('{ArrowDown}');
    expect(optionNames()).toEqual(['Reading', 'To read', 'Bread']);
    expect(screen.getByRole('option', { name: 'Reading' })).toHaveAttribute('aria-selected', 'true');
  });

  it('picks an option when it is clicked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'bre');
    await user.click(screen.getByRole('option', { name: 'Bread' }));
    expect(onChange).toHaveBeenLastCalledWith([{ kind: 'existing', id: 't3', title: 'Bread' }]);
    expect(input).toHaveFocus();
  });

  it('does not submit the surrounding form when Enter acts on the listbox or the typed name', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Harness />
        <button type="submit">Save page</button>
      </form>,
    );
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'rea{ArrowDown}{Enter}');
    await user.type(input, 'rea{Enter}');
    await user.type(input, 'new one{Escape}{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      screen.getAllByRole('button', { name: /^Remove tag/ }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Remove tag Reading', 'Remove tag rea', 'Remove tag new one']);
  });

  it('leaves Enter to the form when nothing is typed and no suggestion is active', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Harness />
        <button type="submit">Save page</button>
      </form>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('closes the listbox on the first Escape and lets the second one reach the page', async () => {
    const user = userEvent.setup();
    const pageEscape = vi.fn();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') pageEscape();
    };
    window.addEventListener('keydown', onKeyDown);
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'rea');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(pageEscape).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(pageEscape).toHaveBeenCalledTimes(1);
    window.removeEventListener('keydown', onKeyDown);
  });

  it('removes the last chip with Backspace in an empty input, and only then', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Harness
        onChange={onChange}
        initial={[
          { kind: 'existing', ...reading },
          { kind: 'new', title: 'Later' },
        ]}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'x{Backspace}');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith([{ kind: 'existing', ...reading }]);
    expect(screen.queryByRole('button', { name: 'Remove tag Later' })).not.toBeInTheDocument();
  });

  it('leaves Enter alone while an input method is composing', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: 'にほん' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith([{ kind: 'new', title: 'にほん' }]);
  });

  it('turns the typed name into a chip on comma, preferring an existing tag of that name', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'bread,');
    expect(onChange).toHaveBeenLastCalledWith([{ kind: 'existing', ...bread }]);
    await user.type(input, 'news,');
    expect(onChange).toHaveBeenLastCalledWith([
      { kind: 'existing', ...bread },
      { kind: 'new', title: 'news' },
    ]);
    expect(input).toHaveValue('');
    await user.type(input, 'NEWS,');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('removes a chip with its button and keeps focus in the input', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Harness
        onChange={onChange}
        initial={[
          { kind: 'existing', ...reading },
          { kind: 'existing', ...bread },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove tag Reading' }));
    expect(onChange).toHaveBeenLastCalledWith([{ kind: 'existing', ...bread }]);
    expect(screen.getByRole('combobox', { name: 'Tags' })).toHaveFocus();
  });

  it('announces loading politely while the server search runs', async () => {
    const user = userEvent.setup();
    const { search, calls } = controlledSearch();
    const { container } = render(<Harness searchTags={search} />);
    const live = container.querySelector('[aria-live="polite"]');
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'py');
    await vi.waitFor(() => expect(live).toHaveTextContent('Searching…'));
    await vi.waitFor(() => expect(calls.at(-1)?.query).toBe('py'));
    await act(async () => calls.at(-1)?.resolve([]));
    expect(live).toBeEmptyDOMElement();
    // The live region must not be a second role="status": the popup's status region is the one.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps local suggestions and creation usable when the server search fails', async () => {
    const user = userEvent.setup();
    const search = vi.fn<Search>(async () => {
      throw new Error('offline');
    });
    const { container } = render(<Harness searchTags={search} />);
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'rea');
    await vi.waitFor(() => expect(search).toHaveBeenCalledWith('rea', expect.any(AbortSignal)));
    await act(async () => {});
    expect(optionNames()).toEqual(['Reading', 'To read', 'Create tag "rea"']);
    expect(container.querySelector('[aria-live="polite"]')).toBeEmptyDOMElement();
  });

  it('moves focus on with Tab and closes the listbox', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <button type="button">Next</button>
      </>,
    );
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'rea');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a pin toggle on existing tags only, one name, pressed when pinned', async () => {
    const user = userEvent.setup();
    const onTogglePin = vi.fn();
    render(
      <Harness
        initial={[
          { kind: 'existing', ...reading },
          { kind: 'existing', ...bread },
          { kind: 'new', title: 'Fresh' },
        ]}
        pinnedTagIds={['t1']}
        onTogglePin={onTogglePin}
      />,
    );
    const chips = screen.getAllByRole('listitem');
    expect(within(chips[0] as HTMLElement).getByRole('button', { name: 'Pin tag Reading' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Pin tag Bread' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Pin tag Bread' }));
    expect(onTogglePin).toHaveBeenCalledWith(bread);
    expect(within(chips[2] as HTMLElement).queryByRole('button', { name: /pin/i })).not.toBeInTheDocument();
  });
});

describe('TagPicker on focus', () => {
  it('shows the recent tags as soon as the box takes the focus, with nothing typed', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ kind: 'existing', ...bread }]} />);
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    expect(screen.getByRole('combobox', { name: 'Tags' })).toHaveAttribute('aria-expanded', 'true');
    expect(optionNames()).toEqual([reading.title, toRead.title]);
  });
});

describe('matchesWordPrefix', () => {
  it.each([
    ['React Query', 'que', true],
    ['React Query', 'react qu', true],
    ['React Query', 'eact', false],
    ['to-read', 'to r', true],
    ['Über', 'üb', true],
    ['C++', '+', false],
    ['C++', 'c+', true],
  ])('%s with %s: %s', (title, query, expected) => {
    expect(matchesWordPrefix(title, query)).toBe(expected);
  });
});
