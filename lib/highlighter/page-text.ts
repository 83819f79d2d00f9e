/**
 * The page's text as the highlighter reads it, defined once: every Text node under `<body>`, in
 * document order, except those inside elements whose text is not laid out as text (scripts, styles,
 * templates, form controls' defaults, embedded content's fallbacks); each run of white space,
 * within a node or across nodes, counts as one space, and white space at the start counts as none.
 *
 * Text that the page's stylesheets hide counts too: whether an element shows is a matter of the
 * moment (a menu open, a narrow window, a section folded) and asking would cost a style pass over
 * the whole page, so offsets stay the same however the page is shown. Open shadow roots and frames
 * are other trees and are not read. White space is collapsed so that a page re-indented by its
 * server, or a quote that comes back from the space with its white space tidied, still matches.
 *
 * Offsets into this text are what TextPositionSelectors count and what TextQuoteSelectors quote.
 */

const NOT_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'textarea',
  'select',
  'iframe',
  'object',
  'video',
  'audio',
  'canvas',
]);

const WHITE_SPACE = /\s+/g;
const isWhiteSpace = (char: string) => /\s/.test(char);

export interface PageText {
  /** The text, white space collapsed. */
  text: string;
  /** The Text nodes read, in document order. */
  nodes: Text[];
  /** Where each node's text starts in `text`. */
  starts: number[];
  /** Whether a node's leading white space was dropped (it followed white space, or opens the text). */
  dropsLead: boolean[];
  /** Each node's index, made when first asked for (anchoring alone never needs it). */
  indexes?: Map<Node, number>;
}

/** The element whose text is read: `<body>`, or the root of a document without one. */
export function textRoot(doc: Document): Node {
  return doc.body ?? doc.documentElement;
}

/** Reads the page's text in one pass over the tree. */
export function readPageText(root: Node): PageText {
  const parts: string[] = [];
  const nodes: Text[] = [];
  const starts: number[] = [];
  const dropsLead: boolean[] = [];
  let length = 0;
  let afterSpace = true;
  let node: Node | null = root.firstChild;
  while (node) {
    if (node.nodeType === Node.TEXT_NODE) {
      let part = (node as Text).data.replace(WHITE_SPACE, ' ');
      const drop = afterSpace && part.charCodeAt(0) === 32;
      if (drop) part = part.slice(1);
      nodes.push(node as Text);
      starts.push(length);
      dropsLead.push(drop);
      parts.push(part);
      length += part.length;
      if (part.length > 0) afterSpace = part.charCodeAt(part.length - 1) === 32;
    } else if (node.nodeType === Node.ELEMENT_NODE && node.firstChild && !NOT_TEXT.has((node as Element).localName)) {
      node = node.firstChild;
      continue;
    }
    while (node && node !== root && !node.nextSibling) node = node.parentNode;
    node = node && node !== root ? node.nextSibling : null;
  }
  return { text: parts.join(''), nodes, starts, dropsLead };
}

/** The offset in the collapsed text of `rawOffset` into node `index`'s own data. */
function collapsedOffset(page: PageText, index: number, rawOffset: number): number {
  let part = (page.nodes[index] as Text).data.slice(0, rawOffset).replace(WHITE_SPACE, ' ');
  if (page.dropsLead[index] && part.charCodeAt(0) === 32) part = part.slice(1);
  return (page.starts[index] as number) + part.length;
}

/** The offset into node `index`'s own data of `offset` in the collapsed text. */
function rawOffset(page: PageText, index: number, offset: number): number {
  const data = (page.nodes[index] as Text).data;
  let raw = 0;
  if (page.dropsLead[index]) while (raw < data.length && isWhiteSpace(data.charAt(raw))) raw += 1;
  for (let counted = page.starts[index] as number; counted < offset && raw < data.length; counted += 1) {
    if (isWhiteSpace(data.charAt(raw))) while (raw < data.length && isWhiteSpace(data.charAt(raw))) raw += 1;
    else raw += 1;
  }
  return raw;
}

/** The index of the first node at or after the boundary point (container, offset); nodes.length when none. */
function firstNodeFrom(page: PageText, container: Node, offset: number): number {
  const point = (container.ownerDocument ?? (container as Document)).createRange();
  point.setStart(container, offset);
  let low = 0;
  let high = page.nodes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (point.comparePoint(page.nodes[middle] as Text, 0) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of a node of the text, or -1 when the node is not read. */
function indexOfNode(page: PageText, node: Node): number {
  page.indexes ??= new Map(page.nodes.map((text, index) => [text, index]));
  return page.indexes.get(node) ?? -1;
}

/** The offset in the text of a boundary point of the page (a Range's start or end). */
export function offsetOf(page: PageText, container: Node, offset: number): number {
  if (container.nodeType === Node.TEXT_NODE) {
    const index = indexOfNode(page, container);
    if (index >= 0) return collapsedOffset(page, index, offset);
  }
  const next = firstNodeFrom(page, container, container.nodeType === Node.TEXT_NODE ? 0 : offset);
  return next < page.nodes.length ? (page.starts[next] as number) : page.text.length;
}

/**
 * The node holding `offset`: for a start, the last node starting at or before it (the node whose
 * text begins there rather than the one ending there); for an end, the last starting before it.
 */
export function nodeIndexAt(page: PageText, offset: number, side: 'start' | 'end'): number {
  let low = 0;
  let high = page.nodes.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    const start = page.starts[middle] as number;
    if (start < offset || (side === 'start' && start === offset)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** A live Range over [start, end) of the text; its ends follow the page's edits. */
export function rangeOf(page: PageText, start: number, end: number): Range {
  const first = page.nodes[0];
  const range = (first?.ownerDocument ?? document).createRange();
  if (!first) return range;
  const startNode = nodeIndexAt(page, start, 'start');
  const endNode = nodeIndexAt(page, end, 'end');
  range.setStart(page.nodes[startNode] as Text, rawOffset(page, startNode, start));
  range.setEnd(page.nodes[endNode] as Text, rawOffset(page, endNode, end));
  return range;
}

/** Offsets of a Range's ends in the text. */
export function offsetsOf(page: PageText, range: AbstractRange): { start: number; end: number } {
  return {
    start: offsetOf(page, range.startContainer, range.startOffset),
    end: offsetOf(page, range.endContainer, range.endOffset),
  };
}
