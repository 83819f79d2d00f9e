/**
 * Which element a piece of text stands in as a block (a paragraph, a list item, a cell): a
 * passage's runs break between blocks, and a text fragment's terms stay within one. Judged by tag,
 * not by computed style: the same on every reading, and no style pass over the page.
 */

const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

/** The nearest element around `node` that is a block, or `root`. */
export function blockOf(node: Node, root: Node): Node {
  for (let at: Node | null = node.parentNode; at && at !== root; at = at.parentNode) {
    if (at.nodeType === Node.ELEMENT_NODE && BLOCKS.has((at as Element).localName)) return at;
  }
  return root;
}
