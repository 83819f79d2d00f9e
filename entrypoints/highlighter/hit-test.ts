/**
 * Which drawn highlight a person means: the one under a click, or the one around the caret or the
 * selection (how a keyboard reaches a highlight). Where highlights overlap, the shortest one, the
 * most specific, is meant.
 */
import type { DrawnHighlight, Registry } from './registry';

function shortest(candidates: DrawnHighlight[]): DrawnHighlight | undefined {
  let found: DrawnHighlight | undefined;
  let length = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const size = candidate.range?.toString().length ?? Number.POSITIVE_INFINITY;
    if (size < length) {
      found = candidate;
      length = size;
    }
  }
  return found;
}

/** The highlight whose passage holds all of `range` (a caret, or a selection within it). */
export function highlightAround(registry: Registry, range: AbstractRange): DrawnHighlight | undefined {
  const holding = [...registry.values()].filter(
    ({ range: drawn }) =>
      drawn &&
      !drawn.collapsed &&
      drawn.isPointInRange(range.startContainer, range.startOffset) &&
      drawn.isPointInRange(range.endContainer, range.endOffset),
  );
  return shortest(holding);
}

type CaretLookup = {
  caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
  caretRangeFromPoint?: (x: number, y: number) => Range | null;
};

/** The text position under a point of the viewport. */
function caretAt(doc: Document, x: number, y: number): { node: Node; offset: number } | undefined {
  const lookup = doc as unknown as CaretLookup;
  if (lookup.caretPositionFromPoint) {
    const position = lookup.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : undefined;
  }
  const range = lookup.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : undefined;
}

const covers = (rect: DOMRect, x: number, y: number) =>
  x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;

/** The highlight drawn under a point of the viewport (a click), if any. */
export function highlightAtPoint(doc: Document, registry: Registry, x: number, y: number): DrawnHighlight | undefined {
  const caret = caretAt(doc, x, y);
  if (!caret) return undefined;
  // The caret lands at the nearest position even beside the text: the point must be on the drawn text.
  const under = [...registry.values()].filter(
    ({ range }) =>
      range?.isPointInRange(caret.node, caret.offset) && [...range.getClientRects()].some((rect) => covers(rect, x, y)),
  );
  return shortest(under);
}
