/**
 * HTML → Markdown for clips: turndown's tree walk and whitespace handling, with the page first
 * copied into an inert document (no image loads, no event handlers) and cleaned there, and with
 * the rules of `markdown-rules`, `code-blocks`, `tables` and `math`.
 */
import TurndownService from 'turndown';
import { cleanDom } from './clean-dom';
import { codeBlockRule, normalizeCodeBlocks } from './code-blocks';
import { escapeMarkdownText } from './escape-markdown';
import { markdownRules } from './markdown-rules';
import { mathRule, replaceMath } from './math';
import { normalizeTables, tableRules } from './tables';
import { documentBase } from './urls';

export interface MarkdownOptions {
  /** The page URL, against which relative links and images are resolved. */
  baseUrl: string;
}

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
  service.escape = escapeMarkdownText;
  const rules = { ...markdownRules, ...tableRules, codeBlock: codeBlockRule, math: mathRule };
  for (const [name, rule] of Object.entries(rules)) service.addRule(name, rule);
  return service;
}

// Code block bodies are bracketed by CODE_START/CODE_END (U+FDD0/U+FDD1, see code-blocks and
// escape-markdown), so the clean-up below never touches code.
const CODE_SEGMENT = /(\uFDD0[^\uFDD1]*\uFDD1)/;

function tidy(markdown: string): string {
  return markdown
    .split(CODE_SEGMENT)
    .map((segment, index) =>
      index % 2 === 1
        ? segment.slice(1, -1)
        : segment
            .replace(/^[ \t\u00a0]+$/gm, '')
            .replace(/[ \t\u00a0]+(?=\n\n)/g, '')
            .replace(/\n{3,}/g, '\n\n'),
    )
    .join('')
    .replace(/^\n+|\s+$/g, '');
}

/**
 * Converts an element or fragment (a live page node or a selection's clone) to Markdown. The
 * input is not modified.
 */
export function htmlToMarkdown(input: Element | DocumentFragment, options: MarkdownOptions): string {
  const pageDocument = input.ownerDocument;
  const base = documentBase(pageDocument, options.baseUrl);
  const inert = pageDocument.implementation.createHTMLDocument('');
  // Wrapped so that the input element itself (a `<pre>`, a `<table>`) is converted by its rule.
  const root = inert.createDocumentFragment();
  root.append(inert.importNode(input, true));
  replaceMath(root);
  cleanDom(root, base);
  normalizeCodeBlocks(root);
  normalizeTables(root);
  return tidy(turndownService().turndown(root));
}
