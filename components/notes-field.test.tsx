import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotesField, type NotesFieldProps } from './notes-field';

function Harness(props: Partial<NotesFieldProps>) {
  const [value, setValue] = useState('');
  return <NotesField value={value} onChange={setValue} onSubmit={() => {}} {...props} />;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('NotesField', () => {
  it('is a text box named "Notes" described by its Markdown hint', () => {
    render(<Harness />);
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes).toHaveAccessibleDescription(/Markdown/);
  });

  it('submits with Ctrl+Enter and Cmd+Enter, while Enter alone starts a new line', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'one{Enter}two');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(notes).toHaveValue('one\ntwo');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(notes).toHaveValue('one\ntwo');
  });

  it('grows with its text up to the maximum height, then scrolls, measured where the browser cannot size it', async () => {
    vi.stubGlobal('CSS', { supports: () => false });
    // happy-dom does no layout: the content height is made to follow the number of lines.
    vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLTextAreaElement,
    ) {
      return this.value.split('\n').length * 20;
    });
    const user = userEvent.setup();
    render(<Harness maxHeight={100} />);
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'a{Enter}b{Enter}c');
    expect(notes.style.height).toBe('60px');
    expect(notes.style.overflowY).toBe('hidden');
    await user.type(notes, '{Enter}d{Enter}e{Enter}f');
    expect(notes.style.height).toBe('100px');
    expect(notes.style.overflowY).toBe('auto');
  });

  it('is left to the browser to size, up to the maximum height, where it sizes boxes to their text', async () => {
    const supports = vi.fn(() => true);
    vi.stubGlobal('CSS', { supports });
    const scrollHeight = vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get');
    const user = userEvent.setup();
    render(<Harness maxHeight={100} />);
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'a{Enter}b{Enter}c{Enter}d{Enter}e{Enter}f');
    expect(supports).toHaveBeenCalledWith('field-sizing', 'content');
    expect(notes).toHaveClass('notes-sizes-itself');
    expect(notes.style.maxHeight).toBe('100px');
    expect(notes.style.height).toBe('');
    // Nothing is measured: no layout inside React's commit.
    expect(scrollHeight).not.toHaveBeenCalled();
  });

  it('links an error to the text box', () => {
    render(<Harness error="Notes are too long" />);
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveAttribute('aria-invalid', 'true');
    expect(notes).toHaveAccessibleDescription(/^Notes are too long/);
  });
});
