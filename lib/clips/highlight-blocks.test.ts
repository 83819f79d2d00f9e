import { describe, expect, it } from 'vitest';
import type { Block, BlockInput, TextBlock } from '../api';
import {
  changedBlock,
  findHighlight,
  type HighlightContent,
  highlightBlock,
  highlightContentSchema,
  MAX_HIGHLIGHT_CHARS,
  readHighlights,
} from './highlight-blocks';

const CONTENT: HighlightContent = {
  id: 'provisional-1',
  quote: 'Keep it warm and fed',
  runs: [
    { text: 'Keep it ' },
    { text: 'warm', bold: true },
    { text: ' and ' },
    { text: 'fed', href: 'https://a.example/' },
  ],
  colour: 'green',
  url: 'https://a.example/page#:~:text=Keep%20it%20warm%20and%20fed',
  label: 'Highlight',
  location: 'Feeding',
  note: 'See *also* <b>',
};

/** A block as a server answers it: the input with ids. */
function stored(id: string, block: BlockInput): Block {
  const { blocks = [], ...rest } = block as BlockInput & { blocks?: BlockInput[] };
  return { ...rest, id, blocks: blocks.map((child, index) => stored(`${id}-${index}`, child)) } as Block;
}

describe('highlight blocks', () => {
  it('are a TextBlock with a custom highlight in the published form, the note nested as plain text', () => {
    const block = highlightBlock(CONTENT, 'published');
    expect(block).toMatchObject({
      type: 'TextBlock',
      highlight: { type: 'custom', label: 'Highlight', color: 'green', url: CONTENT.url, location: 'Feeding' },
      blocks: [{ type: 'TextBlock', tokens: [{ type: 'TextToken', text: 'See *also* <b>' }] }],
    });
    expect((block as TextBlock).tokens).toContainEqual({
      type: 'TextToken',
      text: 'warm',
      style: { bold: true, italic: false, strikethrough: false, underline: false },
    });
    expect((block as TextBlock).tokens).toContainEqual(
      expect.objectContaining({ type: 'LinkToken', url: 'https://a.example/' }),
    );
  });

  it('are a quote naming its colour, linked to the passage, in the spec form', () => {
    const block = highlightBlock(CONTENT, 'spec') as TextBlock;
    expect(block.quote).toBe(true);
    expect(block.tokens.at(-1)).toMatchObject({ type: 'LinkToken', text: '[green]', url: CONTENT.url });
    expect('highlight' in block).toBe(false);
  });

  it('are read back in either form, found by id or by quote, and changed keeping quote and address', () => {
    const blocks = {
      notes: [
        stored('b1', highlightBlock(CONTENT, 'published')),
        stored('b2', highlightBlock({ ...CONTENT, quote: 'Another one', runs: undefined, note: '' }, 'spec')),
        stored('b3', { type: 'TextBlock', tokens: [{ type: 'TextToken', text: 'Not a highlight' }] }),
      ],
    };
    expect(
      readHighlights(blocks).map(({ blockId, quote, colour, note }) => ({ blockId, quote, colour, note })),
    ).toEqual([
      { blockId: 'b1', quote: 'Keep it warm and fed', colour: 'green', note: 'See *also* <b>' },
      { blockId: 'b2', quote: 'Another one', colour: 'green', note: '' },
    ]);
    const byQuote = findHighlight(blocks, 'provisional-9', ' Another\none ');
    expect(byQuote?.blockId).toBe('b2');
    const changed = changedBlock(byQuote as NonNullable<typeof byQuote>, { colour: 'red', note: 'Now with a note' });
    expect(changed).toMatchObject({ quote: true, blocks: [{ tokens: [{ text: 'Now with a note' }] }] });
    expect((changed as TextBlock).tokens.at(-1)).toMatchObject({ text: '[red]', url: CONTENT.url });
    const recoloured = changedBlock(findHighlight(blocks, 'b1', '') as NonNullable<typeof byQuote>, { colour: 'blue' });
    expect(recoloured).toMatchObject({ highlight: { color: 'blue', url: CONTENT.url, label: 'Highlight' } });
    expect('blocks' in recoloured).toBe(false);
  });

  it("never carry a colour or label outside the reference's sets, nor a passage over the limit", () => {
    const check = (change: Partial<HighlightContent>) =>
      highlightContentSchema.safeParse({ ...CONTENT, ...change }).success;
    expect(check({})).toBe(true);
    expect(check({ colour: 'pink' as never })).toBe(false);
    expect(check({ label: '' })).toBe(false);
    expect(check({ label: 'A label over twenty chars' })).toBe(false);
    expect(check({ location: 'A location over twenty chars' })).toBe(false);
    expect(check({ quote: 'x'.repeat(MAX_HIGHLIGHT_CHARS + 1) })).toBe(false);
  });
});
