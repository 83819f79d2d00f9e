import { articleFlows } from './article-flows';
import { connectFlows } from './connect-flows';
import { editFlows } from './edit-flows';
import type { Flow } from './flow';
import { highlightFlows } from './highlight-flows';
import { highlightListFlows } from './highlight-list-flows';
import { highlightOptionFlows } from './highlight-option-flows';
import { highlighterFlows } from './highlighter-flows';
import { hostileServerFlows } from './hostile-server-flows';
import { outboxFlows } from './outbox-flows';
import { popupFlows } from './popup-flows';
import { publishedFlows } from './published-flows';
import { selectionFlows } from './selection-flows';

/** Every user flow, in the order the spec files run them. Each flow names the browsers and profiles it runs in. */
export const FLOWS: readonly Flow[] = [
  ...connectFlows,
  ...popupFlows,
  ...selectionFlows,
  ...outboxFlows,
  ...editFlows,
  ...publishedFlows,
  ...hostileServerFlows,
  ...articleFlows,
  ...highlighterFlows,
  ...highlightFlows,
  ...highlightListFlows,
  ...highlightOptionFlows,
];
