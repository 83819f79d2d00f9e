import type { Block, PropertyValue, Token } from './types.ts';

/**
 * Data the published profile wrote, as the spec profile shows it (the state is shared, e.g. through
 * `--data` or `switchProfile`): without the fields only the reference has, and with links to
 * objects and dates as the plain text they read as. Data written by the spec profile is unchanged.
 */

export function specTokens(tokens: Token[]): Token[] {
  return tokens.map((token) => {
    if (token.type !== 'EntityLinkToken' && token.type !== 'DateLinkToken') return token;
    return token.style
      ? { type: 'TextToken', text: token.text, style: token.style }
      : { type: 'TextToken', text: token.text };
  });
}

export function specBlocks(blocks: Block[]): Block[] {
  return blocks.map((block) => {
    switch (block.type) {
      case 'TextBlock': {
        const { presentation: _published, ...rest } = block;
        return { ...rest, tokens: specTokens(block.tokens), blocks: specBlocks(block.blocks) };
      }
      case 'GroupBlock':
        return { ...block, blocks: specBlocks(block.blocks) };
      case 'GridBlock': {
        const { layout: _published, ...rest } = block;
        return { ...rest, columns: block.columns.map(specBlocks) };
      }
      default:
        return block;
    }
  });
}

export function specValue(value: PropertyValue): PropertyValue {
  return value.type === 'richText'
    ? { type: 'richText', richText: { tokens: specTokens(value.richText.tokens) } }
    : value;
}
