/**
 * The highlighter's state on one page, kept in the extension's isolated world across injections
 * (under a symbol no page script can name): the drawn highlights, the toolbar, and what the person
 * did in the toolbar that the background has not yet taken. A toolbar change is applied at once
 * (the page shows the new colour, the highlight goes) and queued for the background.
 */
import type { ToolbarChange } from '@/lib/highlighter/commands';
import { listenForHighlights } from './page-events';
import { type DrawnHighlight, paint, type Registry, update } from './registry';
import type { HighlightSurface } from './surface';
import { tellBackgroundOfChanges } from './tell-background';
import { createToolbar, type Toolbar } from './toolbar';

export interface Session {
  doc: Document;
  surface: HighlightSurface;
  registry: Registry;
  /** Toolbar changes not yet taken by the background, oldest first. */
  changes: ToolbarChange[];
  toolbar?: Toolbar;
  listening: boolean;
}

const SESSION_KEY = 'space-clipper.highlighter';

/** This page's session, started on the first injection. */
export function pageSession(
  doc: Document,
  surface: HighlightSurface,
  holder: Record<symbol, unknown> = globalThis as never,
): Session {
  const key = Symbol.for(SESSION_KEY);
  const existing = holder[key] as Session | undefined;
  if (existing?.doc === doc) return existing;
  const session: Session = { doc, surface, registry: new Map(), changes: [], listening: false };
  holder[key] = session;
  return session;
}

export function applyToolbarChange(session: Session, change: ToolbarChange): void {
  if (change.kind === 'remove') session.registry.delete(change.id);
  else if (change.kind === 'colour') update(session.registry, change.id, { colour: change.colour });
  else update(session.registry, change.id, { note: change.note });
  if (change.kind !== 'note') paint(session.registry, session.surface);
  session.changes.push(change);
}

/** Opens the toolbar on a drawn highlight; closing it by key gives focus back to where it was. */
export function openToolbar(session: Session, highlight: DrawnHighlight): void {
  if (!highlight.range) return;
  const { doc } = session;
  session.toolbar ??= createToolbar(doc, (change) => {
    applyToolbarChange(session, change);
    tellBackgroundOfChanges();
  });
  const active = doc.activeElement;
  const selection = doc.getSelection();
  const caret = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : undefined;
  const { id, colour, note } = highlight.record;
  session.toolbar.open({ id, colour, ...(note === undefined ? {} : { note }), range: highlight.range }, () => {
    if (active && active !== doc.body && active.isConnected) (active as HTMLElement).focus();
    else if (caret) {
      // The caret (or selection) back where it was, for the keyboard to go on from there.
      selection?.removeAllRanges();
      selection?.addRange(caret);
    }
  });
}

/** Starts listening for clicks and Enter on highlights, once per page. */
export function listenOnce(session: Session): void {
  if (session.listening) return;
  session.listening = true;
  listenForHighlights(session.doc, session.registry, (highlight) => openToolbar(session, highlight));
}
