/**
 * Runs one command from the background on the page's session and answers it (lib/highlighter/commands.ts).
 */

import { DEFAULT_HIGHLIGHT_COLOUR, isHighlightColour } from '@/lib/highlighter/colours';
import type { HighlighterAnswer, HighlighterCommand, HighlightRecord } from '@/lib/highlighter/commands';
import { readPageText, textRoot } from '@/lib/highlighter/page-text';
import { captureSelection } from './capture';
import { list, paint, sync, update } from './registry';
import { listenOnce, openToolbar, type Session } from './session';

/** The id a captured highlight is drawn under until the space gives it its own. */
export const provisionalId = () => `provisional-${crypto.randomUUID()}`;

const isRecord = (value: unknown): value is HighlightRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as HighlightRecord).id === 'string' &&
  isHighlightColour((value as HighlightRecord).colour) &&
  typeof (value as HighlightRecord).selectors?.quote?.exact === 'string';

/** Whether `value` is a command this script knows; it comes from the background, but through a global. */
export function isCommand(value: unknown): value is HighlighterCommand {
  const command = value as HighlighterCommand | null;
  switch (typeof command === 'object' && command !== null ? command.kind : undefined) {
    case 'capture': {
      const { colour } = command as { colour?: unknown };
      return colour === undefined || isHighlightColour(colour);
    }
    case 'draw':
      return (
        Array.isArray((command as { highlights: unknown }).highlights) &&
        (command as { highlights: unknown[] }).highlights.every(isRecord)
      );
    case 'update':
    case 'remove':
      return typeof (command as { id: unknown }).id === 'string';
    case 'list':
    case 'take-changes':
      return true;
    default:
      return false;
  }
}

export function runCommand(session: Session, command: HighlighterCommand): HighlighterAnswer {
  const { doc, registry, surface } = session;
  const pageText = () => readPageText(textRoot(doc));
  switch (command.kind) {
    case 'capture': {
      const colour = command.colour ?? DEFAULT_HIGHLIGHT_COLOUR;
      const captured = captureSelection(doc, registry, colour, provisionalId());
      listenOnce(session);
      if (captured.kind === 'inside') {
        const highlight = registry.get(captured.id);
        if (highlight) openToolbar(session, highlight);
        return { kind: 'opened', id: captured.id };
      }
      if (captured.kind === 'captured') paint(registry, surface);
      return captured;
    }
    case 'draw':
      sync(registry, command.highlights, pageText);
      paint(registry, surface);
      listenOnce(session);
      return { kind: 'listed', highlights: list(registry, pageText) };
    case 'update': {
      const { id, colour, note, newId } = command;
      const found = update(registry, id, {
        ...(colour && isHighlightColour(colour) ? { colour } : {}),
        ...(typeof note === 'string' ? { note } : {}),
        ...(typeof newId === 'string' ? { newId } : {}),
      });
      if (session.toolbar?.openOn() === id) session.toolbar.close();
      paint(registry, surface);
      return { kind: 'done', found };
    }
    case 'remove': {
      const found = registry.delete(command.id);
      if (session.toolbar?.openOn() === command.id) session.toolbar.close();
      paint(registry, surface);
      return { kind: 'done', found };
    }
    case 'list':
      return { kind: 'listed', highlights: list(registry, pageText) };
    case 'take-changes':
      return { kind: 'changes', changes: session.changes.splice(0) };
  }
}
