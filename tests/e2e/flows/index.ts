import { accessibilityFlows } from './accessibility-flows';
import { articleFlows } from './article-flows';
import { captureFlows } from './capture-flows';
import { captureRulesFlows } from './capture-rules-flows';
import { connectFlows } from './connect-flows';
import { draftFlows } from './draft-flows';
import { editFlows } from './edit-flows';
import type { Flow } from './flow';
import { highlightElsewhereFlows } from './highlight-elsewhere-flows';
import { highlightFlows } from './highlight-flows';
import { highlightListFlows } from './highlight-list-flows';
import { highlightOptionFlows } from './highlight-option-flows';
import { highlighterFlows } from './highlighter-flows';
import { highlighterToolbarFlows } from './highlighter-toolbar-flows';
import { hostilePageFlows } from './hostile-page-flows';
import { hostileServerFlows } from './hostile-server-flows';
import { outboxFlows } from './outbox-flows';
import { outboxSoakFlows } from './outbox-soak-flows';
import { popupCacheFlows } from './popup-cache-flows';
import { popupFlows } from './popup-flows';
import { publishedFlows } from './published-flows';
import { securityFlows } from './security-flows';
import { selectionFlows } from './selection-flows';
import { serviceWorkerFlows } from './service-worker-flows';

/** Every user flow, in the order the spec files run them. Each flow names the browsers and profiles it runs in. */
export const FLOWS: readonly Flow[] = [
  ...connectFlows,
  ...popupFlows,
  ...draftFlows,
  ...selectionFlows,
  ...outboxFlows,
  ...editFlows,
  ...publishedFlows,
  ...hostileServerFlows,
  ...articleFlows,
  ...highlighterFlows,
  ...highlighterToolbarFlows,
  ...hostilePageFlows,
  ...accessibilityFlows,
  ...popupCacheFlows,
  ...securityFlows,
  ...serviceWorkerFlows,
  ...outboxSoakFlows,
  ...captureRulesFlows,
  ...captureFlows,
  ...highlightFlows,
  ...highlightListFlows,
  ...highlightOptionFlows,
  ...highlightElsewhereFlows,
];
