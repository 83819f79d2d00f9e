/**
 * Plain turndown with its GFM plugin and default options: the baseline that the clip converter's
 * speed budget is measured against (bench only; not part of the extension).
 */
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

export function plainTurndown(node: Node): string {
  return new TurndownService().use(gfm).turndown(node as TurndownService.Node);
}
