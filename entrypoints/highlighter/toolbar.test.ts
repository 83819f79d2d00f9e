// DOM assertions (toBeChecked, toHaveFocus …) for this DOM test; React's set-up is the components project's.
import '@testing-library/jest-dom/vitest';
import { fireEvent, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolbarChange } from '@/lib/highlighter/commands';
import { createToolbar, type Toolbar } from './toolbar';
import { TOOLBAR_HOST } from './toolbar-dom';

let shadowRoots: ShadowRoot[];
let changes: ToolbarChange[];
let toolbar: Toolbar;
let restore: ReturnType<typeof vi.fn<() => void>>;

/** The toolbar's closed shadow root, as `attachShadow` handed it to the toolbar (no page can get it). */
const inside = () => within(shadowRoots[0] as unknown as HTMLElement);

function openOnPassage(colour: 'green' | 'yellow' = 'green', note?: string) {
  const range = document.createRange();
  range.selectNodeContents(document.getElementById('passage') as Node);
  toolbar.open({ id: 'h1', colour, range, ...(note === undefined ? {} : { note }) }, restore);
}

beforeEach(() => {
  document.body.innerHTML = '<p id="passage">A starter is a living culture.</p>';
  shadowRoots = [];
  const attach = HTMLElement.prototype.attachShadow;
  vi.spyOn(HTMLElement.prototype, 'attachShadow').mockImplementation(function (this: HTMLElement, init) {
    const root = attach.call(this, init);
    shadowRoots.push(root);
    return root;
  });
  changes = [];
  restore = vi.fn<() => void>();
  toolbar = createToolbar(document, (change) => changes.push(change));
});

afterEach(() => {
  toolbar.close();
  document.querySelector(TOOLBAR_HOST)?.remove();
  vi.restoreAllMocks();
});

describe('the toolbar on a highlight', () => {
  it('lives in a closed shadow root of one element outside the page content', () => {
    openOnPassage();
    const hosts = document.documentElement.querySelectorAll(TOOLBAR_HOST);
    expect(hosts).toHaveLength(1);
    expect(hosts[0]?.parentElement).toBe(document.documentElement);
    expect(hosts[0]?.shadowRoot).toBeNull();
    expect(document.body.innerHTML).toBe('<p id="passage">A starter is a living culture.</p>');
  });

  it('offers the colours, the note and Remove by the names a person sees, the colour focused', () => {
    openOnPassage('green', 'tangy');
    const group = inside().getByRole('radiogroup', { name: 'Colour' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['yellow', 'orange', 'green', 'red', 'purple', 'blue']);
    for (const name of ['Yellow', 'Orange', 'Green', 'Red', 'Purple', 'Blue']) {
      expect(within(group).getByRole('radio', { name })).toBeInTheDocument();
    }
    expect(inside().getByRole('radio', { name: 'Green' })).toBeChecked();
    expect(shadowRoots[0]?.activeElement).toBe(inside().getByRole('radio', { name: 'Green' }));
    expect(inside().getByRole('textbox', { name: 'Highlight note' })).toHaveValue('tangy');
    expect(inside().getByRole('button', { name: 'Remove highlight' })).toBeInTheDocument();
  });

  it('reports a colour chosen', () => {
    openOnPassage();
    fireEvent.click(inside().getByRole('radio', { name: 'Red' }));
    expect(changes).toEqual([{ kind: 'colour', id: 'h1', colour: 'red' }]);
  });

  it('reports the note when its box loses focus, once, and not when it did not change', () => {
    openOnPassage('green', 'tangy');
    const note = inside().getByRole('textbox', { name: 'Highlight note' });
    fireEvent.blur(note);
    expect(changes).toEqual([]);
    fireEvent.input(note, { target: { value: 'feed at 9' } });
    fireEvent.blur(note);
    fireEvent.blur(note);
    expect(changes).toEqual([{ kind: 'note', id: 'h1', note: 'feed at 9' }]);
  });

  it('commits the note on Enter, closes and gives focus back', () => {
    openOnPassage();
    const note = inside().getByRole('textbox', { name: 'Highlight note' });
    fireEvent.input(note, { target: { value: 'why' } });
    fireEvent.keyDown(note, { key: 'Enter' });
    expect(changes).toEqual([{ kind: 'note', id: 'h1', note: 'why' }]);
    expect(toolbar.openOn()).toBeUndefined();
    expect(restore).toHaveBeenCalledOnce();
  });

  it('closes on Escape and gives focus back, reporting nothing unchanged', () => {
    openOnPassage();
    fireEvent.keyDown(inside().getByRole('radio', { name: 'Green' }), { key: 'Escape' });
    expect(toolbar.openOn()).toBeUndefined();
    expect(restore).toHaveBeenCalledOnce();
    expect((document.querySelector(TOOLBAR_HOST) as HTMLElement).style.getPropertyValue('display')).toBe('none');
    expect(changes).toEqual([]);
  });

  it('reports Remove highlight and closes', () => {
    openOnPassage();
    fireEvent.click(inside().getByRole('button', { name: 'Remove highlight' }));
    expect(changes).toEqual([{ kind: 'remove', id: 'h1' }]);
    expect(toolbar.openOn()).toBeUndefined();
  });

  it('closes when the person presses elsewhere on the page, keeping a note typed', () => {
    openOnPassage();
    fireEvent.input(inside().getByRole('textbox', { name: 'Highlight note' }), { target: { value: 'later' } });
    fireEvent.pointerDown(document.body);
    expect(toolbar.openOn()).toBeUndefined();
    expect(changes).toEqual([{ kind: 'note', id: 'h1', note: 'later' }]);
  });
});
