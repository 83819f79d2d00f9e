/**
 * What a Markdown reader makes of a note: its links, images and raw HTML, read with marked's lexer
 * (GFM), as a reader without math support and as one that reads `$…$` and `$$…$$` as math
 * (pandoc's rules, which the workspace emulator follows too).
 */
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

/** Every link and image (as "link URL" / "image URL") and raw HTML ("html …") a reader finds. */
export function markupIn(markdown: string, reader: 'plain' | 'math'): string[] {
  const found: string[] = [];
  collect((reader === 'math' ? mathReader : plainReader).lexer(markdown), found);
  return found;
}
