import { Lexer } from 'marked';
import type { PublishedBlock, PublishedTextBlock, PublishedToken } from './published-schema.ts';
import type { Block, TextBlock, TextPresentation, Token } from './types.ts';

/**
 * Blocks and text tokens between the published reference's shapes and the emulator's own: requests
 * are translated into what `parseBlocks` reads (with `publishedFields`), stored blocks into what
 * the reference shows. Markdown import and export work on the stored blocks, so they are the same
 * in both profiles.
 */

export function internalToken(token: PublishedToken): Record<string, unknown> {
  if (token.type !== 'LinkToken') return token;
  if (token.entityId !== undefined) return { type: 'EntityLinkToken', text: token.text, entityId: token.entityId };
  if (token.date !== undefined) return { type: 'DateLinkToken', text: token.text, date: token.date };
  return { type: 'LinkToken', text: token.text, url: token.url };
}

function textPresentation(block: PublishedTextBlock): TextPresentation | undefined {
  const presentation: TextPresentation = {};
  if (block.list?.type === 'alphabetical' || block.list?.type === 'roman') presentation.listType = block.list.type;
  if (block.quote?.layout === 'standout') presentation.quoteLayout = 'standout';
  if (block.textAlignment !== undefined) presentation.textAlignment = block.textAlignment;
  if (block.colorTheme !== undefined) presentation.colorTheme = block.colorTheme;
  if (block.highlight) presentation.highlight = block.highlight;
  return Object.keys(presentation).length > 0 ? presentation : undefined;
}

/** Published blocks as the raw input `parseBlocks` validates; an omitted `blocks` stays omitted (PATCH keeps children). */
export function internalBlocks(blocks: PublishedBlock[]): Record<string, unknown>[] {
  return blocks.map(internalBlock);
}

export function internalBlock(block: PublishedBlock): Record<string, unknown> {
  switch (block.type) {
    case 'TextBlock': {
      const raw: Record<string, unknown> = {
        id: block.id,
        type: 'TextBlock',
        tokens: block.tokens?.map(internalToken),
        hierarchy: block.hierarchy,
      };
      if (block.blocks !== undefined) raw.blocks = internalBlocks(block.blocks);
      if (block.list) raw.list = block.list.type === 'bullet' ? 'bullet' : 'numbered';
      if (block.todo) raw.todo = { checked: block.todo.isDone };
      if (block.toggle) raw.toggle = { open: block.toggle.isOpen };
      if (block.quote) raw.quote = true;
      raw.presentation = textPresentation(block);
      return raw;
    }
    case 'GroupBlock':
      return block.blocks === undefined ? { ...block } : { ...block, blocks: internalBlocks(block.blocks) };
    case 'GridBlock': {
      const layout =
        block.dividers === undefined && block.gridLayout === undefined
          ? undefined
          : { dividers: block.dividers ?? false, gridLayout: block.gridLayout ?? block.columns.map(() => 1) };
      return { id: block.id, type: 'GridBlock', columns: block.columns.map(internalBlocks), layout };
    }
    default:
      return { ...block };
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

const PLAIN = { bold: false, italic: false, strikethrough: false, underline: false };

export function publishedTokens(tokens: Token[]): Record<string, unknown>[] {
  return tokens.map((token) => {
    switch (token.type) {
      case 'TextToken':
        // The reference's style has no `code`: such text reads as the CodeToken it is.
        if (token.style?.code) return { type: 'CodeToken', text: token.text };
        return { type: 'TextToken', text: token.text, style: { ...PLAIN, ...token.style } };
      case 'LinkToken':
        return { type: 'LinkToken', text: token.text, url: token.url };
      case 'EntityLinkToken':
        return { type: 'LinkToken', text: token.text, entityId: token.entityId };
      case 'DateLinkToken':
        return { type: 'LinkToken', text: token.text, date: token.date };
      default:
        return { type: token.type, text: token.text };
    }
  });
}

const NAMED_BLOCK_TYPES: Record<string, string> = { paragraph: 'image', blockquote: 'quote' };

/** What kind of content an unsupported block holds (`table`, `html`, `image`, `quote`, …), from its Markdown. */
export function unsupportedBlockType(markdown: string): string {
  const first = Lexer.lex(markdown).find((token) => token.type !== 'space');
  const type = first?.type ?? 'unknown';
  return NAMED_BLOCK_TYPES[type] ?? type;
}

function publishedTextBlock(block: TextBlock): Record<string, unknown> {
  const { presentation } = block;
  const listType = presentation?.listType ?? (block.list === 'numbered' ? 'numerical' : 'bullet');
  const result: Record<string, unknown> = {
    id: block.id,
    type: 'TextBlock',
    tokens: publishedTokens(block.tokens),
    blocks: publishedBlocks(block.blocks),
    hierarchy: block.hierarchy,
    list: block.list ? { type: listType } : null,
    toggle: block.toggle ? { isOpen: block.toggle.open } : null,
  };
  if (block.todo) result.todo = { isDone: block.todo.checked };
  if (block.quote) result.quote = { layout: presentation?.quoteLayout ?? 'normal' };
  if (presentation?.textAlignment !== undefined) result.textAlignment = presentation.textAlignment;
  if (presentation?.colorTheme !== undefined) result.colorTheme = presentation.colorTheme;
  if (presentation?.highlight !== undefined) result.highlight = presentation.highlight;
  return result;
}

export function publishedBlocks(blocks: Block[]): Record<string, unknown>[] {
  return blocks.map((block) => {
    switch (block.type) {
      case 'TextBlock':
        return publishedTextBlock(block);
      case 'GroupBlock':
        return { id: block.id, type: 'GroupBlock', blocks: publishedBlocks(block.blocks) };
      case 'GridBlock':
        return {
          id: block.id,
          type: 'GridBlock',
          columns: block.columns.map(publishedBlocks),
          dividers: block.layout?.dividers ?? false,
          gridLayout: block.layout?.gridLayout ?? block.columns.map(() => 1),
        };
      case 'unsupported':
        return { id: block.id, type: 'unsupported', blockType: unsupportedBlockType(block.markdown) };
      default:
        return { ...block };
    }
  });
}
