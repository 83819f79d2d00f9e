import { beforeEach, describe, expect, it } from 'vitest';
import { HIGHLIGHTER_COMMAND_KEY, takeHighlighterCommand } from '@/lib/highlighter/command-slot';
import type { HighlighterAnswer, HighlightRecord } from '@/lib/highlighter/commands';
import { readPageText } from '@/lib/highlighter/page-text';
import { describeSpan } from '@/lib/highlighter/selectors';
import { leavePageRequest } from '@/lib/page-request';
import { runHighlighterScript } from './script';
import { applyToolbarChange, pageSession } from './session';
import { cssHighlightSurface } from './surface';

/** A window with the Highlight API's two names, as small as the surface needs (happy-dom has neither). */
function highlightWindow() {
  const highlights = new Map<string, { ranges: AbstractRange[] }>();
  class Highlight {
    ranges: AbstractRange[];
    constructor(...ranges: AbstractRange[]) {
      this.ranges = ranges;
    }
  }
  return { win: { CSS: { highlights }, Highlight } as unknown as Window, highlights };
}

const drawn = (highlights: Map<string, { ranges: AbstractRange[] }>) =>
  Object.fromEntries([...highlights].map(([name, { ranges }]) => [name, ranges.map(String)]));

function record(id: string, quote: string): HighlightRecord {
  const { text } = readPageText(document.body);
  const start = text.indexOf(quote);
  return { id, colour: 'purple', selectors: describeSpan(text, start, start + quote.length) };
}

/** One injection: the command left first, as the background does, then the script run. */
function inject(win: Window, command: unknown): HighlighterAnswer {
  leavePageRequest(HIGHLIGHTER_COMMAND_KEY, command);
  return runHighlighterScript(document, win, takeHighlighterCommand());
}

beforeEach(() => {
  delete (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('space-clipper.highlighter')];
  document.body.innerHTML = '<p id="p">Feed it once a day. Keep it in a jar.</p>';
});

describe('the highlighter script', () => {
  it('takes the command left for it once: a later run is not answered with it', () => {
    leavePageRequest(HIGHLIGHTER_COMMAND_KEY, { kind: 'list' });
    expect(takeHighlighterCommand()).toEqual({ kind: 'list' });
    expect(takeHighlighterCommand()).toBeUndefined();
  });

  it('refuses where the page has no Highlight API, and refuses a command it does not know', () => {
    expect(runHighlighterScript(document, window, { kind: 'list' })).toEqual({
      kind: 'refused',
      reason: 'unsupported',
    });
    const { win } = highlightWindow();
    expect(inject(win, { kind: 'wrap', html: '<b>' })).toEqual({ kind: 'refused', reason: 'bad-command' });
    expect(inject(win, { kind: 'draw', highlights: [{ id: 'x', colour: 'pink' }] })).toEqual({
      kind: 'refused',
      reason: 'bad-command',
    });
    expect(inject(win, undefined)).toEqual({ kind: 'refused', reason: 'bad-command' });
  });

  it('keeps what it drew across injections, and draws it in CSS.highlights', () => {
    const { win, highlights } = highlightWindow();
    inject(win, { kind: 'draw', highlights: [record('a', 'Keep it in a jar'), record('b', 'once a day')] });
    const listed = inject(win, { kind: 'list' });
    expect(listed.kind === 'listed' && listed.highlights.map((item) => [item.id, item.status])).toEqual([
      ['b', 'found'],
      ['a', 'found'],
    ]);
    expect(drawn(highlights)).toMatchObject({ 'space-clipper-purple': ['Keep it in a jar', 'once a day'] });
  });

  it('captures the selection, drawn at once in the colour asked for', () => {
    const { win, highlights } = highlightWindow();
    const range = document.createRange();
    range.setStart(document.getElementById('p')?.firstChild as Node, 5);
    range.setEnd(document.getElementById('p')?.firstChild as Node, 18);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    const answer = inject(win, { kind: 'capture', colour: 'orange' });
    expect(answer).toMatchObject({ kind: 'captured', text: 'it once a day', highlight: { colour: 'orange' } });
    expect(answer.kind === 'captured' && answer.highlight.id).toMatch(/^provisional-/);
    expect(drawn(highlights)).toMatchObject({ 'space-clipper-orange': ['it once a day'] });
  });

  it('names the page as "Save page" does: its title without the site name the tab shows', () => {
    const { win } = highlightWindow();
    document.head.innerHTML =
      '<title>Feeding a starter | Slow Kitchen</title><meta property="og:site_name" content="Slow Kitchen">';
    getSelection()?.selectAllChildren(document.getElementById('p') as Node);
    expect(inject(win, { kind: 'capture' })).toMatchObject({ kind: 'captured', title: 'Feeding a starter' });
    document.head.innerHTML = '';
  });

  it('captures in yellow when the command names no colour', () => {
    const { win, highlights } = highlightWindow();
    getSelection()?.selectAllChildren(document.getElementById('p') as Node);
    expect(inject(win, { kind: 'capture' })).toMatchObject({ kind: 'captured', highlight: { colour: 'yellow' } });
    expect(drawn(highlights)).toMatchObject({ 'space-clipper-yellow': ['Feed it once a day. Keep it in a jar.'] });
  });

  it('updates, gives a provisional highlight its id, and removes', () => {
    const { win, highlights } = highlightWindow();
    inject(win, { kind: 'draw', highlights: [record('provisional-1', 'Keep it in a jar')] });
    expect(inject(win, { kind: 'update', id: 'provisional-1', newId: 'block-1', colour: 'blue', note: 'n' })).toEqual({
      kind: 'done',
      found: true,
    });
    expect(drawn(highlights)).toMatchObject({ 'space-clipper-blue': ['Keep it in a jar'] });
    expect(inject(win, { kind: 'remove', id: 'block-1' })).toEqual({ kind: 'done', found: true });
    expect(inject(win, { kind: 'remove', id: 'block-1' })).toEqual({ kind: 'done', found: false });
    expect(highlights.size).toBe(0);
  });

  it('shows a toolbar change at once and hands it to the background once', () => {
    const { win, highlights } = highlightWindow();
    inject(win, { kind: 'draw', highlights: [record('a', 'Keep it in a jar'), record('b', 'once a day')] });
    const session = pageSession(document, cssHighlightSurface(win) as never);
    applyToolbarChange(session, { kind: 'colour', id: 'a', colour: 'green' });
    applyToolbarChange(session, { kind: 'remove', id: 'b' });
    expect(drawn(highlights)).toEqual({ 'space-clipper-green': ['Keep it in a jar'] });
    expect(inject(win, { kind: 'take-changes' })).toEqual({
      kind: 'changes',
      changes: [
        { kind: 'colour', id: 'a', colour: 'green' },
        { kind: 'remove', id: 'b' },
      ],
    });
    expect(inject(win, { kind: 'take-changes' })).toEqual({ kind: 'changes', changes: [] });
  });
});
