/**
 * How a command reaches the highlighter script: the background leaves it in the page
 * (lib/page-request.ts), then injects the script, which takes it.
 */
import { takePageRequest } from '../page-request';

export const HIGHLIGHTER_COMMAND_KEY = 'space-clipper.highlighter-command';

export function takeHighlighterCommand(holder?: Record<symbol, unknown>): unknown {
  return takePageRequest(HIGHLIGHTER_COMMAND_KEY, holder);
}
