/**
 * The toolbar that opens on a highlight: its colour (radio group "Colour"), its note ("Highlight
 * note", committed when the box loses focus or on Enter) and "Remove highlight". Keyboard first:
 * it opens with focus on the checked colour (arrow keys choose another), Tab reaches the note and
 * the button, Escape closes it and gives focus back to where it was. What the person does is
 * reported through `onChange`; the toolbar applies nothing itself.
 */
import type { HighlightColour } from '@/lib/highlighter/colours';
import type { ToolbarChange } from '@/lib/highlighter/commands';
import { buildToolbar, placeToolbar, type ToolbarElements } from './toolbar-dom';

export interface ToolbarTarget {
  id: string;
  colour: HighlightColour;
  note?: string;
  range: Range;
}

export interface Toolbar {
  /** Opens on `target`; `restore` gives focus back to where it was when the toolbar closes by key. */
  open(target: ToolbarTarget, restore: () => void): void;
  close(): void;
  /** The id of the highlight it is open on. */
  openOn(): string | undefined;
}

export function createToolbar(doc: Document, onChange: (change: ToolbarChange) => void): Toolbar {
  let elements: ToolbarElements | undefined;
  let target: ToolbarTarget | undefined;
  let restore: (() => void) | undefined;

  const commitNote = () => {
    if (!target || !elements) return;
    const note = elements.note.value;
    if (note === (target.note ?? '')) return;
    target.note = note;
    onChange({ kind: 'note', id: target.id, note });
  };

  const close = (giveFocusBack: boolean) => {
    if (!target || !elements) return;
    commitNote();
    target = undefined;
    elements.host.style.setProperty('display', 'none', 'important');
    doc.removeEventListener('pointerdown', onPointerOutside, true);
    if (giveFocusBack) restore?.();
    restore = undefined;
  };

  function onPointerOutside(event: Event) {
    if (elements && !event.composedPath().includes(elements.host)) close(false);
  }

  const build = (): ToolbarElements => {
    const built = buildToolbar(doc);
    for (const [colour, radio] of built.radios) {
      radio.addEventListener('change', () => {
        if (!target || !radio.checked || target.colour === colour) return;
        target.colour = colour;
        onChange({ kind: 'colour', id: target.id, colour });
      });
    }
    built.note.addEventListener('blur', commitNote);
    built.note.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        close(true);
      }
    });
    built.remove.addEventListener('click', () => {
      if (!target) return;
      const { id } = target;
      // A note typed into a highlight being removed is not worth sending.
      built.note.value = target.note ?? '';
      close(true);
      onChange({ kind: 'remove', id });
    });
    built.panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      close(true);
    });
    // Focus leaving the toolbar for the page (Tab past its end, a click elsewhere) closes it.
    built.panel.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !built.panel.contains(next)) close(false);
    });
    doc.documentElement.append(built.host);
    return built;
  };

  return {
    open(next, giveBack) {
      close(false);
      elements ??= build();
      // The page may have removed the host (a framework re-rendering <html>): it comes back.
      if (!elements.host.isConnected) doc.documentElement.append(elements.host);
      target = { ...next };
      restore = giveBack;
      for (const [colour, radio] of elements.radios) radio.checked = colour === next.colour;
      elements.note.value = next.note ?? '';
      placeToolbar(elements, next.range);
      doc.addEventListener('pointerdown', onPointerOutside, true);
      elements.radios.get(next.colour)?.focus();
    },
    close: () => close(false),
    openOn: () => target?.id,
  };
}
