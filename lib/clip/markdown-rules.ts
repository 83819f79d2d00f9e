/**
 * Turndown rules for the elements where turndown's own output is not what a note needs: ATX
 * headings, `-` lists with tight indentation, links that survive block content, code spans
 * from text (not from converted children), readable super/subscripts, task lists.
 */
import type TurndownService from 'turndown';
import { escapeMarkdownText, SEAM } from './escape-markdown';

type Rule = TurndownService.Rule;

const SUPERSCRIPTS: Record<string, string> = Object.fromEntries(
  [...'0123456789+-=()n'].map((c, i) => [c, '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ'[i] ?? c]),
);
const SUBSCRIPTS: Record<string, string> = Object.fromEntries(
  [...'0123456789+-=()'].map((c, i) => [c, '₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎'[i] ?? c]),
);
const INLINE_CODE = ['CODE', 'KBD', 'SAMP', 'TT'];
// Elements turndown does not know as blocks but browsers lay out as such.
const EXTRA_BLOCKS = ['details', 'summary', 'legend', 'caption', 'dialog', 'search'] as TurndownService.TagName[];

function hasAncestor(node: Node, names: string[]): boolean {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) {
    if (names.includes(parent.nodeName)) return true;
  }
  return false;
}

/** Wraps inline content in a delimiter unless that would not parse as intended. */
function delimit(delimiter: string, names: string[]): TurndownService.ReplacementFunction {
  return (content, node) => {
    if (!content.trim()) return '';
    // Same delimiters nested (`*a *b* c*`) or spanning paragraphs do not parse back.
    if (content.includes('\n\n') || hasAncestor(node, names)) return content;
    return `${delimiter}${content}${delimiter}`;
  };
}

function codeSpan(text: string): string {
  const runs: string[] = text.match(/`+/g) ?? [];
  let delimiter = '`';
  while (runs.includes(delimiter)) delimiter += '`';
  const pad = /^`|`$|^ .*\S.* $/.test(text) ? ' ' : '';
  return `${delimiter}${pad}${text}${pad}${delimiter}`;
}

// Each ordered list's items numbered once: looking every item up among its siblings is quadratic,
// and a page's list of references runs to hundreds of items.
const itemIndexes = new WeakMap<Node, Map<Node, number>>();

function itemIndex(list: Element, item: Node): number {
  let indexes = itemIndexes.get(list);
  if (!indexes) {
    indexes = new Map([...list.children].map((child, index) => [child, index]));
    itemIndexes.set(list, indexes);
  }
  return indexes.get(item) ?? -1;
}

const EMPHASIS = ['EM', 'I'];
const STRONG = ['STRONG', 'B'];
const STRIKE = ['DEL', 'S', 'STRIKE'];

export const markdownRules: Record<string, Rule> = {
  heading: {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const text = content.replace(/\s*\n\s*/g, ' ').trim();
      if (!text) return '';
      // A trailing run of `#` would be read as the optional closing sequence.
      return `\n\n${'#'.repeat(Number(node.nodeName[1]))} ${text.replace(/ (#+)$/, ' \\$1')}\n\n`;
    },
  },
  blockquote: {
    filter: 'blockquote',
    replacement: (content) => {
      const body = content.replace(/^\n+|\n+$/g, '');
      if (!body.trim()) return '';
      return `\n\n${body
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n')}\n\n`;
    },
  },
  listItem: {
    filter: 'li',
    replacement: (content, node) => {
      const list = node.parentNode as Element | null;
      let marker = '- ';
      if (list?.nodeName === 'OL') {
        const start = Number.parseInt(list.getAttribute('start') ?? '', 10);
        marker = `${(Number.isNaN(start) ? 1 : start) + itemIndex(list, node)}. `;
      }
      const loose = content.endsWith('\n');
      const body = content.replace(/^\n+|\n+$/g, '') + (loose ? '\n' : '');
      const indented = body.replace(/\n(?=[^\n])/g, `\n${' '.repeat(marker.length)}`);
      return `${marker}${indented}${node.nextSibling ? '\n' : ''}`;
    },
  },
  taskListItem: {
    filter: (node) => node.nodeName === 'INPUT' && !!node.closest('li'),
    replacement: (_content, node) => {
      const box = (node as HTMLInputElement).checked ? '[x]' : '[ ]';
      return /^\s/.test(node.nextSibling?.textContent ?? '') ? box : `${box} `;
    },
  },
  link: {
    filter: (node) => node.nodeName === 'A' && node.hasAttribute('href'),
    replacement: (content, node) => {
      // Block content inside a link (card links) would put blank lines or headings inside `[…]`.
      const text = content.includes('\n')
        ? content
            .split('\n')
            .map((line) => line.trim().replace(/^#{1,6} /, ''))
            .filter(Boolean)
            .join(' ')
        : content;
      return text.trim() ? `${SEAM}[${text}](${node.getAttribute('href')})` : '';
    },
  },
  image: {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = escapeMarkdownText((node.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim());
      return `![${alt}](${node.getAttribute('src')})`;
    },
  },
  inlineCode: {
    filter: (node) => INLINE_CODE.includes(node.nodeName),
    replacement: (_content, node) => {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ');
      if (!text.trim()) return '';
      // `<code><a>name</a></code>` (API docs) reads best as a link around the code.
      const only = node.children.length === 1 ? node.firstElementChild : null;
      const href = only?.nodeName === 'A' && only.textContent === node.textContent ? only.getAttribute('href') : null;
      return href ? `${SEAM}[${codeSpan(text)}](${href})` : codeSpan(text);
    },
  },
  emphasis: { filter: ['em', 'i'], replacement: delimit('*', EMPHASIS) },
  strong: { filter: ['strong', 'b'], replacement: delimit('**', STRONG) },
  strikethrough: { filter: ['del', 's', 'strike' as TurndownService.TagName], replacement: delimit('~~', STRIKE) },
  superSubscript: {
    filter: ['sup', 'sub'],
    replacement: (content, node) => {
      const forms = node.nodeName === 'SUP' ? SUPERSCRIPTS : SUBSCRIPTS;
      const chars = [...(node.textContent ?? '').trim().replace(/\u2212/g, '-')];
      const readable = node.children.length === 0 && chars.length > 0 && chars.every((c) => c in forms);
      return readable ? chars.map((c) => forms[c]).join('') : content;
    },
  },
  lineBreak: {
    filter: 'br',
    // Two breaks in a row mean a paragraph break; as hard breaks they would leave blank-ish lines.
    replacement: (_content, node) =>
      node.previousSibling?.nodeName === 'BR' || node.nextSibling?.nodeName === 'BR' ? '\n\n' : '  \n',
  },
  extraBlocks: { filter: EXTRA_BLOCKS, replacement: (content) => `\n\n${content}\n\n` },
};
