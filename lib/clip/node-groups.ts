/**
 * The nodes of a selection in document order, in groups of about a given amount of text, so that
 * a large selection can be converted a group at a time and the conversion stopped once it has
 * produced enough. A group ends only between two blocks that the Markdown separates by a blank
 * line anyway, so converting the groups one by one gives the Markdown of converting them together.
 * A container that is nothing but a block around its children (a `<div>`, a `<section>`) and holds
 * more than a group's worth of text is opened, and its children grouped instead; the group keeps
 * the containers it sits in, whose classes some rules read (a code block's language).
 *
 * Text is measured in one pass: a page nests its content in a chain of containers (Wikipedia
 * four deep), and asking each level for its `textContent` would read the whole text once per level.
 */
import { isHidden } from './hidden';

export interface NodeGroup {
  nodes: ChildNode[];
  /** The containers the nodes sit in, outermost first. */
  containers: Element[];
  /** The length of the nodes' text content: a cheap measure of the work and of the Markdown to come. */
  textLength: number;
}

// Blocks whose Markdown stands between blank lines (not list items or table parts, which join by a newline).
const BLOCKS = new Set([
  ...['ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BODY', 'CENTER', 'DIV', 'DL', 'FIELDSET', 'FIGURE', 'FOOTER'],
  ...['FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION'],
  ...['TABLE', 'UL'],
]);
// Blocks that no rule of the converter treats specially: their Markdown is their children's.
const CONTAINERS = new Set(['ARTICLE', 'ASIDE', 'BODY', 'DIV', 'FOOTER', 'HEADER', 'MAIN', 'NAV', 'SECTION']);

function isBlock(node: Node): boolean {
  return node.nodeType === 1 && BLOCKS.has(node.nodeName);
}

/** Whether a node decides what the group's last content is: an element, or text that is not blank. */
function isContent(node: Node): boolean {
  return node.nodeType === 1 || (node.nodeType === 3 && /\S/.test((node as Text).data));
}

/**
 * What a node adds to its parent's `textContent` (comments add nothing). The length of every node
 * inside a container, which grouping may open, is recorded on the way: containers are summed from
 * their children, anything else is measured natively as a whole.
 */
function measure(node: Node, lengths: Map<Node, number>): number {
  let length = 0;
  if (node.nodeType === 3 || node.nodeType === 4) length = (node as CharacterData).data.length;
  else if (node.nodeType === 1 && CONTAINERS.has(node.nodeName)) {
    for (let child = node.firstChild; child; child = child.nextSibling) length += measure(child, lengths);
  } else if (node.nodeType === 1) length = node.textContent?.length ?? 0;
  lengths.set(node, length);
  return length;
}

function* groupsOf(
  nodes: ChildNode[],
  targetLength: number,
  containers: Element[],
  lengths: Map<Node, number>,
): Generator<NodeGroup> {
  let group: ChildNode[] = [];
  let textLength = 0;
  let endsWithBlock = false;
  for (const node of nodes) {
    const length = lengths.get(node) ?? 0;
    if (length > targetLength && CONTAINERS.has(node.nodeName) && !isHidden(node as Element)) {
      if (group.length > 0) yield { nodes: group, containers, textLength };
      group = [];
      textLength = 0;
      yield* groupsOf([...node.childNodes], targetLength, [...containers, node as Element], lengths);
      continue;
    }
    if (textLength >= targetLength && endsWithBlock && isBlock(node)) {
      yield { nodes: group, containers, textLength };
      group = [];
      textLength = 0;
    }
    group.push(node);
    textLength += length;
    if (isContent(node)) endsWithBlock = isBlock(node);
  }
  if (group.length > 0) yield { nodes: group, containers, textLength };
}

export function nodeGroups(nodes: ChildNode[], targetLength: number): Generator<NodeGroup> {
  const lengths = new Map<Node, number>();
  for (const node of nodes) measure(node, lengths);
  return groupsOf(nodes, targetLength, [], lengths);
}
