import { Marked, type Token as MdToken, type TokenizerExtension, type Tokens } from 'marked';
import type { Block, TextBlock, TextStyle, Token } from './types.ts';

/**
 * Markdown → block tree, using marked's lexer (GFM) plus two small extensions for `$…$` inline
 * math and `$$…$$` display math. Constructs the block model has no place for (tables, raw HTML,
 * image paragraphs, quotes holding more than paragraphs) become `unsupported` blocks carrying their
 * Markdown verbatim, so the export gives the same text back. README.md lists the normalisations.
 */

/** `$…$` with pandoc's rules: no space just inside the dollars, and no digit right after the closer. */
const inlineMath: TokenizerExtension = {
  name: 'inlineMath',
  level: 'inline',
  start(src) {
    const index = src.indexOf('$');
    return index < 0 ? undefined : index;
  },
  tokenizer(src) {
    const match = /^\$(?![\s$])((?:\\.|[^\\$\n])+?)(?<!\s)\$(?!\d)/.exec(src);
    if (match) return { type: 'inlineMath', raw: match[0], text: match[1] ?? '' };
    return undefined;
  },
};

/** `$$` on its own line (or `$$…$$` on one line) up to the closing `$$`. */
const blockMath: TokenizerExtension = {
  name: 'blockMath',
  level: 'block',
  start(src) {
    return /^ {0,3}\$\$/m.exec(src)?.index;
  },
  tokenizer(src) {
    const match = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n|$)/.exec(src);
    if (match) return { type: 'blockMath', raw: match[0], text: (match[1] ?? '').replace(/^[ \t]*\n|\n[ \t]*$/g, '') };
    return undefined;
  },
};

const marked = new Marked({ gfm: true, extensions: [blockMath, inlineMath] });

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
};

/** marked leaves character references in text tokens; the block model stores plain text. */
function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const name = body.toLowerCase();
    return Object.hasOwn(NAMED_ENTITIES, name) ? (NAMED_ENTITIES[name] ?? whole) : whole;
  });
}

export function markdownToBlocks(markdown: string, newId: () => string): Block[] {
  const source = markdown.replace(/\r\n?/g, '\n');
  return convertBlocks(marked.lexer(source), newId);
}

/** Nested tokens of a marked token (marked's union types only declare them on some members). */
function children(token: MdToken): MdToken[] {
  return 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : [];
}

function tokenText(token: MdToken): string {
  return 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
}

function textBlock(newId: () => string, tokens: Token[], extra: Partial<TextBlock> = {}): TextBlock {
  return { id: newId(), type: 'TextBlock', tokens, blocks: [], hierarchy: { key: 'base', val: 0 }, ...extra };
}

function unsupportedBlock(newId: () => string, raw: string): Block {
  return { id: newId(), type: 'unsupported', markdown: raw.replace(/^\n+/, '').trimEnd() };
}

function convertBlocks(tokens: MdToken[], newId: () => string): Block[] {
  const blocks: Block[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'def':
        break;
      case 'heading': {
        const heading = token as Tokens.Heading;
        blocks.push(
          textBlock(newId, convertInline(heading.tokens), { hierarchy: { key: 'heading', val: heading.depth } }),
        );
        break;
      }
      case 'paragraph': {
        const paragraph = token as Tokens.Paragraph;
        blocks.push(
          containsImage(paragraph.tokens)
            ? unsupportedBlock(newId, paragraph.raw)
            : textBlock(newId, convertInline(paragraph.tokens)),
        );
        break;
      }
      case 'text': {
        // Top-level text only occurs inside tight list items; it is a paragraph there.
        const text = token as Tokens.Text;
        blocks.push(textBlock(newId, convertInline(text.tokens ?? [{ type: 'text', raw: text.raw, text: text.text }])));
        break;
      }
      case 'code': {
        const code = token as Tokens.Code;
        blocks.push({ id: newId(), type: 'CodeBlock', lang: code.lang ?? '', text: code.text });
        break;
      }
      case 'blockMath':
        blocks.push({ id: newId(), type: 'MathBlock', text: String(token.text) });
        break;
      case 'hr':
        blocks.push({ id: newId(), type: 'HorizontalLineBlock' });
        break;
      case 'blockquote':
        blocks.push(convertQuote(token as Tokens.Blockquote, newId));
        break;
      case 'list':
        blocks.push(...convertList(token as Tokens.List, newId));
        break;
      default:
        // Tables, raw HTML and anything else: kept as Markdown text.
        if (token.raw.trim() !== '') blocks.push(unsupportedBlock(newId, token.raw));
    }
  }
  return blocks;
}

/** A quote of paragraphs is one quote TextBlock (paragraphs joined by a blank line); richer quotes stay Markdown. */
function convertQuote(quote: Tokens.Blockquote, newId: () => string): Block {
  const parts = quote.tokens.filter((token) => token.type !== 'space');
  if (!parts.every((token) => token.type === 'paragraph' && !containsImage(children(token)))) {
    return unsupportedBlock(newId, quote.raw);
  }
  const tokens: Token[] = [];
  parts.forEach((part, index) => {
    if (index > 0) tokens.push({ type: 'TextToken', text: '\n\n' });
    tokens.push(...convertInline(children(part)));
  });
  return textBlock(newId, mergeTokens(tokens), { quote: true });
}

function convertList(list: Tokens.List, newId: () => string): Block[] {
  return list.items.map((item) => {
    const parts = item.tokens.filter((token) => token.type !== 'checkbox' && token.type !== 'space');
    const first = parts[0];
    const leadsWithText = first !== undefined && (first.type === 'text' || first.type === 'paragraph');
    const inline = leadsWithText && children(first).length > 0 ? children(first) : undefined;
    const tokens = leadsWithText
      ? convertInline(inline ?? [{ type: 'text', raw: first.raw, text: tokenText(first) }])
      : [];
    const block = textBlock(newId, tokens, { blocks: convertBlocks(leadsWithText ? parts.slice(1) : parts, newId) });
    if (item.task) block.todo = { checked: item.checked === true };
    else block.list = list.ordered ? 'numbered' : 'bullet';
    return block;
  });
}

function containsImage(tokens: MdToken[]): boolean {
  return tokens.some((token) => token.type === 'image' || containsImage(children(token)));
}

/**
 * Inline tokens of one paragraph-like block. Whitespace at line starts and ends is not content in
 * Markdown (marked keeps it in text tokens), so it is dropped here.
 */
function convertInline(tokens: MdToken[]): Token[] {
  const merged = mergeTokens(inlineTokens(tokens, {}));
  let atLineStart = true;
  const trimmed = merged.map((token) => {
    if (token.type !== 'TextToken') {
      atLineStart = false;
      return token;
    }
    let text = token.text.replace(/[ \t]*\n[ \t]*/g, '\n');
    if (atLineStart) text = text.replace(/^[ \t]+/, '');
    atLineStart = text === '' ? atLineStart : text.endsWith('\n');
    return { ...token, text };
  });
  const last = trimmed[trimmed.length - 1];
  if (last?.type === 'TextToken') trimmed[trimmed.length - 1] = { ...last, text: last.text.replace(/[ \t]+$/, '') };
  return mergeTokens(trimmed);
}

function plainText(tokens: MdToken[]): string {
  return tokens
    .map((token) => {
      if (children(token).length > 0) return plainText(children(token));
      if (token.type === 'br') return '\n';
      if (token.type === 'escape' || token.type === 'codespan' || token.type === 'inlineMath') return tokenText(token);
      if (token.type === 'html') return token.raw;
      return decodeEntities(tokenText(token));
    })
    .join('');
}

function inlineTokens(tokens: MdToken[], style: TextStyle): Token[] {
  const out: Token[] = [];
  const styled = (text: string): Token =>
    Object.keys(style).length > 0 ? { type: 'TextToken', text, style: { ...style } } : { type: 'TextToken', text };
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        if (token.tokens && token.tokens.length > 0) out.push(...inlineTokens(token.tokens, style));
        else out.push(styled(decodeEntities(String(token.text))));
        break;
      case 'escape':
        out.push(styled(String(token.text)));
        break;
      case 'strong':
        out.push(...inlineTokens(token.tokens ?? [], { ...style, bold: true }));
        break;
      case 'em':
        out.push(...inlineTokens(token.tokens ?? [], { ...style, italic: true }));
        break;
      case 'del':
        out.push(...inlineTokens(token.tokens ?? [], { ...style, strikethrough: true }));
        break;
      case 'codespan':
        out.push({ type: 'CodeToken', text: String(token.text) });
        break;
      case 'inlineMath':
        out.push({ type: 'MathToken', text: String(token.text) });
        break;
      case 'br':
        out.push(styled('\n'));
        break;
      case 'checkbox':
        // Loose task items carry their checkbox inside the paragraph; the TextBlock's `todo` holds it.
        break;
      case 'link':
      case 'image': {
        // An inline image inside text (a heading or list item) degrades to a link to the image.
        const link = token as Tokens.Link | Tokens.Image;
        const text = token.type === 'image' ? link.text || link.href : plainText(link.tokens ?? []);
        const linkToken: Token = { type: 'LinkToken', text, url: link.href };
        if (Object.keys(style).length > 0) linkToken.style = { ...style };
        out.push(linkToken);
        break;
      }
      default:
        // Inline HTML and anything unknown stay literal text.
        out.push(styled(token.raw));
    }
  }
  return out;
}

function sameStyle(a: TextStyle | undefined, b: TextStyle | undefined): boolean {
  const keys = ['bold', 'italic', 'strikethrough', 'underline', 'code'] as const;
  return keys.every((key) => Boolean(a?.[key]) === Boolean(b?.[key]));
}

/** Joins neighbouring TextTokens of the same style and drops empty ones. */
export function mergeTokens(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    if (token.type === 'TextToken' && token.text === '') continue;
    const last = out[out.length - 1];
    if (last?.type === 'TextToken' && token.type === 'TextToken' && sameStyle(last.style, token.style)) {
      out[out.length - 1] = { ...last, text: last.text + token.text };
    } else {
      out.push(token);
    }
  }
  return out;
}
