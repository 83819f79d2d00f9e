/**
 * What a Markdown reader makes of a note: its links, images and raw HTML, read with marked's lexer
 * (GFM), as a reader without math support and as one that reads `$…$` and `$$…$$` as math
 * (pandoc's rules, which the workspace emulator follows too), or with markdown-it (CommonMark,
 * with raw HTML and GFM's bare links allowed).
 */
import MarkdownIt, { type Token as CommonMarkToken } from 'markdown-it';
import { Marked, type TokenizerExtension } from 'marked';

const inlineMath: TokenizerExtension = {
  name: 'inlineMath',
  level: 'inline',
  start: (src) => {
    const index = src.indexOf('$');
    return index < 0 ? undefined : index;
  },
  tokenizer: (src) => {
    const match = /^\$(?![\s$])((?:\\.|[^\\$\n])+?)(?<!\s)\$(?!\d)/.exec(src);
    return match ? { type: 'inlineMath', raw: match[0], tokens: [] } : undefined;
  },
};

const displayMath: TokenizerExtension = {
  name: 'displayMath',
  level: 'block',
  start: (src) => /^ {0,3}\$\$/m.exec(src)?.index,
  tokenizer: (src) => {
    const match = /^ {0,3}\$\$[\s\S]+?\$\$[ \t]*(?:\n|$)/.exec(src);
    return match ? { type: 'displayMath', raw: match[0], tokens: [] } : undefined;
  },
};

const plainReader = new Marked({ gfm: true });
const mathReader = new Marked({ gfm: true, extensions: [displayMath, inlineMath] });

function collect(value: unknown, found: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, found);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const token = value as { type?: string; href?: string; text?: string };
  if (token.type === 'link' || token.type === 'image') found.push(`${token.type} ${token.href}`);
  if (token.type === 'html' || (token.type === 'tag' && token.text)) found.push(`html ${token.text?.trim()}`);
  for (const [key, child] of Object.entries(value)) if (key !== 'raw') collect(child, found);
}

const commonMarkReader = new MarkdownIt({ html: true, linkify: true });

function collectCommonMark(tokens: CommonMarkToken[], found: string[]): void {
  for (const token of tokens) {
    if (token.type === 'link_open') found.push(`link ${token.attrGet('href')}`);
    if (token.type === 'image') found.push(`image ${token.attrGet('src')}`);
    if (token.type === 'html_inline' || token.type === 'html_block') found.push(`html ${token.content.trim()}`);
    // An image's children are its alt text, which is never markup.
    if (token.children && token.type !== 'image') collectCommonMark(token.children, found);
  }
}

export type Reader = 'plain' | 'math' | 'markdown-it';
export const READERS: readonly Reader[] = ['plain', 'math', 'markdown-it'];

/** Every link and image (as "link URL" / "image URL") and raw HTML ("html …") a reader finds. */
export function markupIn(markdown: string, reader: Reader): string[] {
  const found: string[] = [];
  if (reader === 'markdown-it') collectCommonMark(commonMarkReader.parse(markdown, {}), found);
  else collect((reader === 'math' ? mathReader : plainReader).lexer(markdown), found);
  return found;
}
