/**
 * HTML → Markdown for clips: turndown's tree walk and whitespace handling, with the page first
 * copied into an inert document (no image loads, no event handlers) and cleaned there, and with
 * the rules of `markdown-rules`, `code-blocks`, `tables` and `math`.
 */
import TurndownService from 'turndown';
import { cleanDom } from './clean-dom';
import { codeBlockRule, normalizeCodeBlocks } from './code-blocks';
import { escapeMarkdownText, SEAM } from './escape-markdown';
import { markdownRules } from './markdown-rules';
import { mathRule, replaceMath } from './math';
import { type NodeGroup, nodeGroups } from './node-groups';
import { utf8Length } from './split-markdown';
import { normalizeTables, tableRules } from './tables';
import { documentBase } from './urls';

export interface MarkdownOptions {
  /** The page URL, against which relative links and images are resolved. */
  baseUrl: string;
}

export interface LimitedMarkdownOptions extends MarkdownOptions {
  /** Conversion stops once the Markdown passes this many UTF-8 bytes. */
  maxBytes: number;
  /** About how much text each turndown pass converts (see `node-groups`). */
  groupTextLength?: number;
}

/** The Markdown, or (when it passed the limit) an estimate of its whole size instead. */
export type LimitedMarkdown =
  | { markdown: string; oversizedBytes?: undefined }
  | { markdown?: undefined; oversizedBytes: number };

// Text converted per turndown pass: small enough that passing the limit costs little extra work.
const GROUP_TEXT_LENGTH = 200_000;

let service: TurndownService | undefined;

function turndownService(): TurndownService {
  if (service) return service;
  service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '*',
    strongDelimiter: '**',
  });
  // The text before this one may end in `]` (see SEAM).
  service.escape = (text) => (text.startsWith('(') ? SEAM : '') + escapeMarkdownText(text);
  const rules = { ...markdownRules, ...tableRules, codeBlock: codeBlockRule, math: mathRule };
  for (const [name, rule] of Object.entries(rules)) service.addRule(name, rule);
  return service;
}

// Code block bodies are bracketed by CODE_START/CODE_END (U+FDD0/U+FDD1, see code-blocks and
// escape-markdown), so the clean-up below never touches code.
const CODE_SEGMENT = /(\uFDD0[^\uFDD1]*\uFDD1)/;
// A SEAM (U+FDD2, see escape-markdown) with what it joins: `]` and `(`, or `!` and `[`.
const SEAM_JOIN = /(?<=\])\uFDD2\(|!\uFDD2(?=\[)|\uFDD2/g;

function joinSeam(seam: string): string {
  if (seam.length === 1) return '';
  return seam[0] === '!' ? '\\!' : '\\(';
}

function tidy(markdown: string): string {
  return markdown
    .split(CODE_SEGMENT)
    .map((segment, index) =>
      index % 2 === 1
        ? segment.slice(1, -1)
        : segment
            .replace(SEAM_JOIN, joinSeam)
            .replace(/^[ \t\u00a0]+$/gm, '')
            // Any whitespace (an ideographic space too) before a blank line, as turndown trims at the end.
            .replace(/[^\S\n]+(?=\n\n)/g, '')
            .replace(/\n{3,}/g, '\n\n'),
    )
    .join('')
    .replace(/^\n+|\s+$/g, '');
}

function groupToMarkdown({ nodes, containers }: NodeGroup, inert: Document, base: string): string {
  // Wrapped so that an element of its own (a `<pre>`, a `<table>`) is converted by its rule.
  const root = inert.createDocumentFragment();
  let parent: ParentNode = root;
  for (const container of containers) {
    const copy = inert.importNode(container, false);
    parent.append(copy);
    parent = copy;
  }
  for (const node of nodes) parent.append(inert.importNode(node, true));
  replaceMath(root);
  cleanDom(root, base);
  normalizeCodeBlocks(root);
  normalizeTables(root);
  // Turndown copies its input before it strips whitespace, so that a caller's nodes stay as they
  // were. This copy was made for this one conversion: it is handed over as it is, since copying a
  // 1 MB page once more costs as much as a tenth of converting it.
  root.cloneNode = () => root;
  return tidy(turndownService().turndown(root));
}

/**
 * Converts an element or fragment (a live page node or a selection's clone) to Markdown, a group
 * of nodes at a time, and stops once the Markdown passes `maxBytes`. Each group is copied into an
 * inert document first; the input is not modified.
 */
export function htmlToLimitedMarkdown(
  input: Element | DocumentFragment,
  { baseUrl, maxBytes, groupTextLength = GROUP_TEXT_LENGTH }: LimitedMarkdownOptions,
): LimitedMarkdown {
  const pageDocument = input.ownerDocument;
  const base = documentBase(pageDocument, baseUrl);
  const inert = pageDocument.implementation.createHTMLDocument('');
  const nodes: ChildNode[] = input.nodeType === 11 ? [...input.childNodes] : [input as Element];
  const parts: string[] = [];
  let bytes = 0;
  let convertedText = 0;
  for (const group of nodeGroups(nodes, groupTextLength)) {
    const markdown = groupToMarkdown(group, inert, base);
    convertedText += group.textLength;
    if (!markdown) continue;
    parts.push(markdown);
    if (maxBytes === Number.POSITIVE_INFINITY) continue;
    bytes += utf8Length(markdown) + (parts.length > 1 ? 2 : 0);
    if (bytes > maxBytes) {
      // The rest is assumed to convert like what was converted: as much Markdown per character of text.
      const scale = (input.textContent?.length ?? 0) / Math.max(1, convertedText);
      return { oversizedBytes: Math.max(bytes, Math.round(bytes * scale)) };
    }
  }
  return { markdown: parts.join('\n\n') };
}

/** Converts an element or fragment to Markdown, all of it. The input is not modified. */
export function htmlToMarkdown(input: Element | DocumentFragment, options: MarkdownOptions): string {
  return htmlToLimitedMarkdown(input, { ...options, maxBytes: Number.POSITIVE_INFINITY }).markdown ?? '';
}
