/**
 * Whether markup hides an element from the reader. Judged from attributes and inline style only:
 * the converter runs on detached copies, and computed styles would cost a layout per node.
 */

// Anchored on a declaration start so that custom properties such as `--x-display: none` do not count.
const HIDDEN_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!important\s*)?(?:;|$)/i;

/** Elements that may be hidden; `isHidden` decides. */
export const HIDDEN_CANDIDATES =
  '[hidden],[aria-hidden="true"],[style*="none" i],[style*="hidden" i],[style*="collapse" i]';

export function isHidden(el: Element): boolean {
  // `hidden="until-found"` content is collapsed, not irrelevant: find-in-page reveals it.
  const hidden = el.getAttribute('hidden');
  return (
    (hidden !== null && hidden !== 'until-found') ||
    el.getAttribute('aria-hidden') === 'true' ||
    HIDDEN_STYLE.test(el.getAttribute('style') ?? '')
  );
}
