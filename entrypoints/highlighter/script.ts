/**
 * One run of the highlighter script: the command left for it, carried out on the page's session.
 */
import type { HighlighterAnswer } from '@/lib/highlighter/commands';
import { isCommand, runCommand } from './run-command';
import { pageSession } from './session';
import { cssHighlightSurface } from './surface';

export function runHighlighterScript(doc: Document, win: Window, command: unknown): HighlighterAnswer {
  const surface = cssHighlightSurface(win);
  if (!surface) return { kind: 'refused', reason: 'unsupported' };
  if (!isCommand(command)) return { kind: 'refused', reason: 'bad-command' };
  return runCommand(pageSession(doc, surface), command);
}
