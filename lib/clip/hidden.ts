/**
 * Whether markup hides an element from the reader. Judged from attributes and inline style, and
 * from the mark that `live-visibility` sets on the copy of an element the live page's stylesheets
 * hide: the converter runs on detached copies, where no stylesheet applies.
 */

/** Set on the copy of an element that the live page does not show. */
export const HIDDEN_ON_PAGE_ATTR = 'data-clip-hidden';

// Anchored on a declaration start so that custom properties such as `--x-display: none` do not count.
const HIDDEN_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!important\s*)?(?:;|$)/i;

/** Elements that may be hidden; `isHidden` decides. */
export const HIDDEN_CANDIDATES = `[hidden],[aria-hidden="true"],[style*="none" i],[style*="hidden" i],[style*="collapse" i],[${HIDDEN_ON_PAGE_ATTR}]`;

export function isHidden(el: Element): boolean {
  // `hidden="until-found"` content is collapsed, not irrelevant: find-in-page reveals it.
  const hidden = el.getAttribute('hidden');
  return (
    (hidden !== null && hidden !== 'until-found') ||
    el.getAttribute('aria-hidden') === 'true' ||
    el.hasAttribute(HIDDEN_ON_PAGE_ATTR) ||
    HIDDEN_STYLE.test(el.getAttribute('style') ?? '')
  );
}
