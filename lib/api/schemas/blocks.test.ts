import { describe, expect, it } from 'vitest';
import { blockInputSchema, blockSchema } from './blocks';
import { textTokenSchema } from './text-tokens';

describe('blockSchema (response blocks)', () => {
  it('reads every documented block type, recursively', () => {
    const tree = {
      id: 'g',
      type: 'GroupBlock',
      blocks: [
        {
          id: 't',
          type: 'TextBlock',
          tokens: [
            { type: 'TextToken', text: 'a', style: { bold: true, italic: false } },
            { type: 'LinkToken', text: 'b', url: 'https://b.example' },
            { type: 'CodeToken', text: 'c()' },
            { type: 'MathToken', text: 'x^2' },
          ],
          blocks: [{ id: 'h', type: 'HorizontalLineBlock' }],
          hierarchy: { key: 'heading', val: 2 },
          list: 'bullet',
          todo: { checked: true },
          toggle: { open: false },
          quote: true,
        },
        {
          id: 'grid',
          type: 'GridBlock',
          columns: [
            [{ id: 'code', type: 'CodeBlock', lang: 'ts', text: 'let a' }],
            [{ id: 'm', type: 'MathBlock', text: 'e' }],
          ],
        },
        { id: 'e', type: 'EntityBlock', entityId: 'obj-1' },
        { id: 'u', type: 'unsupported' },
        { id: 'u2', type: 'unsupported', markdown: '| a | b |' },
      ],
    };
    expect(blockSchema.parse(tree)).toEqual(tree);
  });

  it('accepts any JSON in list/todo/toggle/quote (README decisions table)', () => {
    const block = { id: 't', type: 'TextBlock', tokens: [], blocks: [], list: { style: 'x', depth: 2 }, quote: 'yes' };
    expect(blockSchema.parse(block)).toEqual(block);
  });

  it('defaults missing children and tokens to empty lists', () => {
    expect(blockSchema.parse({ id: 't', type: 'TextBlock' })).toEqual({
      id: 't',
      type: 'TextBlock',
      tokens: [],
      blocks: [],
    });
    expect(blockSchema.parse({ id: 'g', type: 'GridBlock' })).toEqual({ id: 'g', type: 'GridBlock', columns: [] });
  });

  it('reads a null code language as no language', () => {
    expect(blockSchema.parse({ id: 'c', type: 'CodeBlock', lang: null, text: 'x' })).toEqual({
      id: 'c',
      type: 'CodeBlock',
      lang: undefined,
      text: 'x',
    });
  });

  it('keeps an unknown block type deep in a tree as an unknown block, the rest intact', () => {
    const raw = { id: 'k', type: 'KanbanBlock', lanes: [] };
    const parsed = blockSchema.parse({
      id: 'g',
      type: 'GroupBlock',
      blocks: [raw, { id: 'h', type: 'HorizontalLineBlock' }],
    });
    expect(parsed).toEqual({
      id: 'g',
      type: 'GroupBlock',
      blocks: [
        { type: 'unknown', rawType: 'KanbanBlock', id: 'k', raw },
        { id: 'h', type: 'HorizontalLineBlock' },
      ],
    });
  });

  it('degrades a known block with a broken shape to unknown', () => {
    expect(blockSchema.parse({ id: 'c', type: 'CodeBlock' })).toMatchObject({
      type: 'unknown',
      rawType: 'CodeBlock',
      id: 'c',
    });
  });

  it('rejects entries that are not blocks at all', () => {
    expect(blockSchema.safeParse('text').success).toBe(false);
    expect(blockSchema.safeParse({ id: 'x' }).success).toBe(false);
    expect(blockSchema.safeParse({ type: 'KanbanBlock' }).success).toBe(false);
  });
});

describe('textTokenSchema', () => {
  it('keeps an unknown token with its text', () => {
    const raw = { type: 'MentionToken', text: '@ana', userId: 'u1' };
    expect(textTokenSchema.parse(raw)).toEqual({ type: 'unknown', rawType: 'MentionToken', text: '@ana', raw });
  });

  it('gives an unknown token without text an empty text', () => {
    expect(textTokenSchema.parse({ type: 'EmojiToken' })).toMatchObject({ type: 'unknown', text: '' });
  });
});

describe('blockInputSchema (request blocks)', () => {
  it('accepts new blocks without ids, nested', () => {
    const block = {
      type: 'TextBlock',
      tokens: [{ type: 'TextToken', text: 'x' }],
      blocks: [{ type: 'CodeBlock', lang: 'js', text: '1' }],
    };
    expect(blockInputSchema.parse(block)).toEqual(block);
  });

  it('leaves children out when they are omitted, so a PATCH keeps them', () => {
    expect(blockInputSchema.parse({ type: 'GroupBlock' })).toEqual({ type: 'GroupBlock' });
    expect(blockInputSchema.parse({ type: 'TextBlock', tokens: [] })).toEqual({ type: 'TextBlock', tokens: [] });
  });

  it('refuses unknown or unsupported types and missing required fields', () => {
    expect(blockInputSchema.safeParse({ type: 'unsupported' }).success).toBe(false);
    expect(blockInputSchema.safeParse({ type: 'KanbanBlock' }).success).toBe(false);
    expect(blockInputSchema.safeParse({ type: 'TextBlock' }).success).toBe(false);
    expect(blockInputSchema.safeParse({ type: 'EntityBlock', entityId: '' }).success).toBe(false);
    expect(blockInputSchema.safeParse({ type: 'TextBlock', tokens: [{ type: 'Mention', text: 'x' }] }).success).toBe(
      false,
    );
  });
});
