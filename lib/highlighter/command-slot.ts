/**
 * How a command reaches the highlighter script: the background leaves it, running
 * `leaveHighlighterCommand` in the page with the command as its argument, under a symbol of
 * the extension's isolated world that no page script can name or read, then injects the script,
 * which takes it (and clears it, so that a later injection is not answered with it).
 */
import type { HighlighterCommand } from './commands';

export const HIGHLIGHTER_COMMAND_KEY = 'space-clipper.highlighter-command';

/** Runs in the page, serialised by `executeScript`: self-contained, it names its key itself. */
export function leaveHighlighterCommand(command: HighlighterCommand): void {
  (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('space-clipper.highlighter-command')] = command;
}

export function takeHighlighterCommand(holder: Record<symbol, unknown> = globalThis as never): unknown {
  const key = Symbol.for(HIGHLIGHTER_COMMAND_KEY);
  const command = holder[key];
  delete holder[key];
  return command;
}
