import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type HighlightActions, HighlightList, type PopupHighlight } from './highlight-list';

const HIGHLIGHTS: PopupHighlight[] = [
  { id: 'a', quote: 'The first passage', colour: 'yellow', note: '', status: 'found' },
  { id: 'b', quote: 'The second passage', colour: 'green', note: 'Check this', status: 'found' },
  { id: 'c', quote: 'A passage that is gone', colour: 'red', note: '', status: 'not-found' },
];

function actions() {
  return {
    onColour: vi.fn<HighlightActions['onColour']>(),
    onNote: vi.fn<HighlightActions['onNote']>(),
    onRemove: vi.fn<HighlightActions['onRemove']>(),
  };
}

/** The list as the popup holds it: a change of colour shows at once. */
function Stateful({ spy }: { spy: HighlightActions }) {
  const [highlights, setHighlights] = useState(HIGHLIGHTS);
  return (
    <HighlightList
      highlights={highlights}
      actions={{
        ...spy,
        onColour: (id, colour) => {
          spy.onColour(id, colour);
          setHighlights((all) => all.map((one) => (one.id === id ? { ...one, colour } : one)));
        },
      }}
      onCopy={() => {}}
      copyStatus=""
    />
  );
}

describe('the popup\'s list "Highlights"', () => {
  it('lists each highlight with its quote, colour and note, and those not found under their heading', () => {
    render(<HighlightList highlights={HIGHLIGHTS} actions={actions()} onCopy={() => {}} copyStatus="" />);
    const list = screen.getByRole('list', { name: 'Highlights' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('blockquote').textContent)).toEqual([
      'The first passage',
      'The second passage',
      'A passage that is gone',
    ]);
    const second = within(items[1] as HTMLElement);
    expect(second.getByRole('radio', { name: 'Green' })).toBeChecked();
    expect(second.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Yellow',
      'Orange',
      'Green',
      'Red',
      'Purple',
      'Blue',
    ]);
    expect(second.getByRole('group', { name: 'Colour' })).toBeInTheDocument();
    expect(second.getByRole('textbox', { name: 'Highlight note' })).toHaveValue('Check this');
    expect(second.getByRole('button', { name: 'Remove highlight' })).toHaveAccessibleDescription('The second passage');

    // The heading stands above the highlights not placed, and says so of each.
    const heading = screen.getByRole('heading', { name: 'Not found on this page' });
    expect(items[2]).toContainElement(heading);
    expect(items[2]).toHaveAccessibleDescription('Not found on this page');
    expect(items[1]).not.toHaveAccessibleDescription();
    expect(screen.getByRole('button', { name: 'Copy as Markdown' })).toBeInTheDocument();
  });

  it('has no "Not found on this page" heading when every highlight is placed', () => {
    render(<HighlightList highlights={HIGHLIGHTS.slice(0, 2)} actions={actions()} onCopy={() => {}} copyStatus="" />);
    expect(screen.queryByRole('heading', { name: 'Not found on this page' })).not.toBeInTheDocument();
  });

  it('shows nothing on a page without highlights', () => {
    const { container } = render(<HighlightList highlights={[]} actions={actions()} onCopy={() => {}} copyStatus="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('changes the colour with the keyboard: the arrows move through the colours', async () => {
    const user = userEvent.setup();
    const spy = actions();
    render(<Stateful spy={spy} />);
    const first = within(screen.getAllByRole('listitem')[0] as HTMLElement);
    first.getByRole('radio', { name: 'Yellow' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(spy.onColour).toHaveBeenCalledWith('a', 'orange');
    expect(first.getByRole('radio', { name: 'Orange' })).toBeChecked();
    expect(first.getByRole('radio', { name: 'Orange' })).toHaveFocus();
  });

  it('saves a note when its box loses focus, once, and not when it did not change', async () => {
    const user = userEvent.setup();
    const spy = actions();
    render(<HighlightList highlights={HIGHLIGHTS} actions={spy} onCopy={() => {}} copyStatus="" />);
    const [first, second] = screen.getAllByRole('textbox', { name: 'Highlight note' }) as HTMLElement[];
    await user.click(second as HTMLElement);
    await user.tab();
    expect(spy.onNote).not.toHaveBeenCalled();
    await user.click(first as HTMLElement);
    await user.keyboard('Why it matters');
    expect(spy.onNote).not.toHaveBeenCalled();
    await user.tab();
    expect(spy.onNote).toHaveBeenCalledTimes(1);
    expect(spy.onNote).toHaveBeenCalledWith('a', 'Why it matters');
  });

  it('removes a highlight, found or not, from the keyboard', async () => {
    const user = userEvent.setup();
    const spy = actions();
    render(<HighlightList highlights={HIGHLIGHTS} actions={spy} onCopy={() => {}} copyStatus="" />);
    const orphan = within(screen.getAllByRole('listitem')[2] as HTMLElement);
    orphan.getByRole('button', { name: 'Remove highlight' }).focus();
    await user.keyboard('{Enter}');
    expect(spy.onRemove).toHaveBeenCalledWith('c');
  });

  it('copies on "Copy as Markdown" and says that it did', async () => {
    const user = userEvent.setup();
    const onCopy = vi.fn();
    const { rerender } = render(
      <HighlightList highlights={HIGHLIGHTS} actions={actions()} onCopy={onCopy} copyStatus="" />,
    );
    await user.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    expect(onCopy).toHaveBeenCalledTimes(1);
    rerender(<HighlightList highlights={HIGHLIGHTS} actions={actions()} onCopy={onCopy} copyStatus="Copied" />);
    expect(screen.getByText('Copied')).toHaveAttribute('aria-live', 'polite');
  });

  it('has no axe violations, with highlights not found among them', async () => {
    render(<HighlightList highlights={HIGHLIGHTS} actions={actions()} onCopy={() => {}} copyStatus="Copied" />);
    const results = await axe.run(document.body, { resultTypes: ['violations'] });
    expect(results.violations.map((rule) => rule.id)).toEqual([]);
  });
});
