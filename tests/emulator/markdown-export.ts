import { mergeTokens } from './markdown-import.ts';
import type { Block, TextBlock, TextStyle, Token } from './types.ts';

/**
 * Block tree → Markdown for `GET /object/markdown` and the look-at-it page. Output is canonical
 * (ATX headings, `-` bullets, `1.` numbering, `**bold**`, `_italic_`, fenced code…) and text is
 * escaped with the same character set Turndown uses, so clipped Markdown (which Turndown produced)
 * comes back verbatim. The rules are listed in README.md ("Markdown").
 */

export interface ExportContext {
  /** Title of an object embedded by an EntityBlock, if it still exists. */
  entityTitle(id: string): string | undefined;
}

export function blocksToMarkdown(blocks: Block[], ctx: ExportContext): string {
  return renderList(blocks, ctx);
}

export function tokensToPlainText(tokens: Token[]): string {
  return tokens.map((token) => token.text).join('');
}

function isListItem(block: Block): boolean {
  return (
    block.type === 'TextBlock' &&
    block.hierarchy.key !== 'heading' &&
    !block.quote &&
    (block.list !== undefined || block.todo !== undefined || block.toggle !== undefined)
  );
}

type ListKind = 'bullet' | 'numbered';

function listKind(block: Block): ListKind | null {
  if (block.type !== 'TextBlock' || !isListItem(block)) return null;
  return block.list === 'numbered' && !block.todo ? 'numbered' : 'bullet';
}

function renderList(blocks: Block[], ctx: ExportContext): string {
  let out = '';
  let previousKind: ListKind | null = null;
  let number = 0;
  for (const block of blocks) {
    const kind = listKind(block);
    number = kind === 'numbered' ? number + 1 : 0;
    const text = renderBlock(block, ctx, number);
    if (text === '') continue;
    // Items of one list are joined by a newline; anything else (including a change of list kind,
    // which starts a new list) by a blank line.
    if (out !== '') out += kind !== null && kind === previousKind ? '\n' : '\n\n';
    out += text;
    previousKind = kind;
  }
  return out;
}

function renderBlock(block: Block, ctx: ExportContext, number: number): string {
  switch (block.type) {
    case 'TextBlock':
      return renderTextBlock(block, ctx, number);
    case 'GroupBlock':
      return renderList(block.blocks, ctx);
    case 'GridBlock':
      return block.columns
        .map((column) => renderList(column, ctx))
        .filter((text) => text !== '')
        .join('\n\n');
    case 'CodeBlock': {
      const longest = Math.max(0, ...(block.text.match(/`+/g) ?? []).map((run) => run.length));
      const fence = '`'.repeat(Math.max(3, longest + 1));
      return `${fence}${block.lang}\n${block.text}\n${fence}`;
    }
    case 'MathBlock':
      return `$$\n${block.text}\n$$`;
    case 'EntityBlock':
      return `[[${ctx.entityTitle(block.entityId) ?? block.entityId}]]`;
    case 'HorizontalLineBlock':
      return '---';
    case 'unsupported':
      return block.markdown;
  }
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : prefix + line))
    .join('\n');
}

function renderTextBlock(block: TextBlock, ctx: ExportContext, number: number): string {
  const text = renderTokens(block.tokens).replace(/[ \t]+$/gm, '');
  const children = renderList(block.blocks, ctx);
  const withChildren = (head: string) => [head, children].filter((part) => part !== '').join('\n\n');

  if (block.hierarchy.key === 'heading') {
    return withChildren(`${'#'.repeat(block.hierarchy.val)} ${text.replace(/\n+/g, ' ')}`.trimEnd());
  }
  if (isListItem(block)) {
    const marker = block.todo
      ? `- [${block.todo.checked ? 'x' : ' '}] `
      : block.list === 'numbered'
        ? `${number}. `
        : '- ';
    const pad = ' '.repeat(block.list === 'numbered' && !block.todo ? marker.length : 2);
    let out = `${marker}${text.split('\n').join(`\n${pad}`)}`.trimEnd();
    if (children !== '') {
      const firstChild = block.blocks.find((child) => renderBlock(child, ctx, 1) !== '');
      out += (firstChild && isListItem(firstChild) ? '\n' : '\n\n') + indent(children, pad);
    }
    return out;
  }
  if (block.quote) {
    const quoted = text
      .split('\n')
      .map((line) => (line === '' ? '>' : `> ${line}`))
      .join('\n');
    return withChildren(text === '' ? '' : quoted);
  }
  return withChildren(text);
}

const WORD = /[\p{L}\p{N}]/u;
/** A pair that the parser would read as strikethrough or inline math, so the characters need escaping. */
const TILDE_PAIR = /~(?!\s)[^~\n]*(?<!\s)~/;
const MATH_PAIR = /\$(?![\s$])[^$\n]+?(?<!\s)\$(?!\d)/;

function renderTokens(tokens: Token[]): string {
  const merged = mergeTokens(tokens);
  let out = '';
  merged.forEach((token, index) => {
    const next = merged[index + 1];
    const nextChar = next ? next.text.charAt(0) : '';
    const atLineStart = out === '' || out.endsWith('\n');
    switch (token.type) {
      case 'TextToken': {
        const body = token.style?.code ? codeSpan(token.text) : escapeText(token.text, atLineStart);
        out += emphasize(body, token.style, out.slice(-1), nextChar);
        break;
      }
      case 'LinkToken': {
        const bare =
          token.text === token.url &&
          !token.style &&
          /^https?:\/\/[^\s<>[\]]+$/.test(token.url) &&
          balancedParens(token.url) &&
          !/[.,;:!?*_~'"]$/.test(token.url) &&
          (out === '' || /\s$/.test(out)) &&
          (nextChar === '' || /\s/.test(nextChar));
        const body = bare ? token.url : `[${escapeText(token.text, false)}](${destination(token.url)})`;
        out += emphasize(body, token.style, out.slice(-1), nextChar);
        break;
      }
      case 'EntityLinkToken':
      case 'DateLinkToken':
        // Markdown has no link to an object or a date: the text stays, as the reader sees it.
        out += emphasize(escapeText(token.text, atLineStart), token.style, out.slice(-1), nextChar);
        break;
      case 'CodeToken':
        out += codeSpan(token.text);
        break;
      case 'MathToken':
        out += `$${token.text}$`;
        break;
    }
  });
  return out;
}

/**
 * Escapes text like Turndown does: `\ * _ ` [ ]` everywhere; `-`, `+ `, `=`, `#`, `>`, `~~~` and
 * `1. ` at the start of a line; plus `~` and `$` when they would otherwise form a pair.
 */
export function escapeText(text: string, atLineStart: boolean): string {
  let escaped = text.replace(/[\\`*_[\]]/g, (char) => `\\${char}`);
  if (TILDE_PAIR.test(text)) escaped = escaped.replace(/~/g, '\\~');
  if (MATH_PAIR.test(text)) escaped = escaped.replace(/\$/g, '\\$');
  return escaped.replace(
    /(^|\n)([ \t]*)([^\n]*)/g,
    (whole, newline: string, space: string, line: string, offset: number) =>
      offset === 0 && !atLineStart ? whole : newline + space + escapeLineStart(line),
  );
}

function escapeLineStart(line: string): string {
  if (/^(?:-|\+ |=|#{1,6}(?:[ \t]|$)|>|~~~)/.test(line)) return `\\${line}`;
  const ordered = /^(\d+)([.)])(?=[ \t]|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${line.slice((ordered[1] ?? '').length)}`;
  return line;
}

function emphasize(body: string, style: TextStyle | undefined, before: string, after: string): string {
  if (!style || !(style.bold || style.italic || style.strikethrough)) return body;
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(body);
  const lead = match?.[1] ?? '';
  const core = match?.[2] ?? '';
  const trail = match?.[3] ?? '';
  if (core === '') return body;
  let wrapped = core;
  if (style.italic) {
    // `_` does not open or close inside a word, so use `*` there.
    const intraword = (lead === '' && WORD.test(before)) || (trail === '' && WORD.test(after));
    const marker = intraword ? '*' : '_';
    wrapped = `${marker}${wrapped}${marker}`;
  }
  if (style.bold) wrapped = `**${wrapped}**`;
  if (style.strikethrough) wrapped = `~~${wrapped}~~`;
  return lead + wrapped + trail;
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (/^ .* $/s.test(text) && text.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function balancedParens(url: string): boolean {
  return (url.match(/\(/g) ?? []).length === (url.match(/\)/g) ?? []).length;
}

function destination(url: string): string {
  if (/[\s<>]/.test(url) || !balancedParens(url)) return `<${url.replace(/[<>]/g, encodeURIComponent)}>`;
  return url;
}
