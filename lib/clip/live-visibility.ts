/**
 * What the page hides with its stylesheets (a class with `display: none`), marked on the copy of
 * a selected range before it is converted: the copy is detached, so only the live page can tell.
 *
 * The copy `Range#cloneContents` makes corresponds to the range node for node: the children of a
 * copied element are the copies of the live element's children that the range touches (all of
 * them, inside the range). Both trees are walked in step, so only the elements of the selection
 * are looked at, and no element below a hidden one. Styles are only read, and the page is not
 * written to in between, so its style is computed at most once and no layout is forced.
 */
import { HIDDEN_ON_PAGE_ATTR } from './hidden';

// Never shown and dropped by the converter whatever their style: not looked at. A page has
// hundreds (Wikipedia a `<link>` per template), and each would cost a computed style.
const NOT_LOOKED_AT = new Set(['script', 'style', 'template', 'noscript', 'link', 'meta', 'title']);
// Not looked into: dropped anyway, or a formula (whose hidden parts are its sources).
const NOT_WALKED = new Set(['svg', 'math', 'mjx-container', 'select']);

// One options object for every call: the walk makes one call per element of the selection.
const VISIBILITY_PROPERTY = { visibilityProperty: true };

function isHiddenByStyle(el: Element, view: Window): boolean {
  // `checkVisibility` is the cheap test, and says "shown" for nearly every element. It also says
  // "not shown" for collapsed content (`hidden="until-found"`, closed `<details>`) and boxless
  // `display: contents`, which are kept; the computed style decides those.
  if (el.checkVisibility?.(VISIBILITY_PROPERTY)) return false;
  const style = view.getComputedStyle(el);
  // A visible descendant of a `visibility: hidden` element goes with it, as with inline styles.
  return style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse';
}

/**
 * Marks, in `copy` (a deep copy of `live`, node for node), every element that the live page hides.
 * Elements below a hidden one are not looked at: they go with it.
 */
export function markHiddenInCopy(live: Element, copy: Element): void {
  const view = live.ownerDocument.defaultView;
  if (!view) return;
  const walk = (liveParent: Element, copyParent: Element): void => {
    let copied = copyParent.firstElementChild;
    for (let child = liveParent.firstElementChild; child && copied; child = child.nextElementSibling) {
      const name = child.localName;
      if (name !== copied.localName) return;
      if (!NOT_LOOKED_AT.has(name)) {
        if (isHiddenByStyle(child, view)) copied.setAttribute(HIDDEN_ON_PAGE_ATTR, '');
        else if (!NOT_WALKED.has(name)) walk(child, copied);
      }
      copied = copied.nextElementSibling;
    }
  };
  walk(live, copy);
}

/** Marks, in `copy` (the range's `cloneContents()`), every element that the live page hides. */
export function markHiddenOnPage(range: Range, copy: DocumentFragment): void {
  const root = range.commonAncestorContainer;
  const view = root.ownerDocument?.defaultView;
  if (!view || root.nodeType !== 1) return;
  const { startContainer, endContainer } = range;

  // `onEdge`: the live element holds one end of the range, so only some of its children are copied.
  // Text nodes are copied as text nodes, so the element children alone correspond as well.
  const walk = (live: Element, copied: Element | DocumentFragment, onEdge: boolean): void => {
    let copiedChild = copied.firstElementChild;
    for (let child = live.firstElementChild; child && copiedChild; child = child.nextElementSibling) {
      if (onEdge && !range.intersectsNode(child)) continue;
      const name = child.localName;
      // Out of step would mean the page changed under the copy: mark nothing rather than the wrong nodes.
      if (name !== copiedChild.localName) return;
      if (!NOT_LOOKED_AT.has(name)) {
        if (isHiddenByStyle(child, view)) copiedChild.setAttribute(HIDDEN_ON_PAGE_ATTR, '');
        else if (!NOT_WALKED.has(name)) {
          walk(child, copiedChild, onEdge && (child.contains(startContainer) || child.contains(endContainer)));
        }
      }
      copiedChild = copiedChild.nextElementSibling;
    }
  };
  walk(root as Element, copy, true);
}
