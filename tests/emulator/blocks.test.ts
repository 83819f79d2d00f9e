import { describe, expect, it } from 'vitest';
import { appendBlocks, appendMarkdown, deleteBlocks, patchBlock } from './block-ops.ts';
import { ApiError } from './errors.ts';
import { DEMO } from './seed.ts';
import { seededStore } from './testing.ts';
import type { Block, TextBlock } from './types.ts';

const space = DEMO.spaceId;
const page = DEMO.pages.empty;
const text = (value: string) => ({ type: 'TextBlock', tokens: [{ type: 'TextToken', text: value }] });
const texts = (blocks: Block[]) =>
  blocks.map((block) => (block.type === 'TextBlock' ? block.tokens.map((t) => t.text).join('') : block.type));

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return 'ok';
}

describe('block appends', () => {
  it('appends at end and start, after a block, and nested in a parent', () => {
    const store = seededStore();
    const [a] = appendBlocks(store, space, { objectId: page, blocks: [text('a')] });
    appendBlocks(store, space, { objectId: page, blocks: [text('z')] });
    appendBlocks(store, space, { objectId: page, blocks: [text('first')], position: { type: 'start' } });
    appendBlocks(store, space, {
      objectId: page,
      blocks: [text('after a')],
      position: { type: 'after_block', after_block: { id: a?.id } },
    });
    appendBlocks(store, space, { objectId: page, blocks: [text('child')], parentBlockId: a?.id });
    const roots = store.requireObject(space, page).blocks.content ?? [];
    expect(texts(roots)).toEqual(['first', 'a', 'after a', 'z']);
    expect(texts((roots[1] as TextBlock).blocks)).toEqual(['child']);
    expect(a?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('defaults propertyId to the main content property and checks it', () => {
    const store = seededStore();
    appendBlocks(store, space, { objectId: DEMO.weblinks.hono, blocks: [text('note')] });
    expect(texts(store.requireObject(space, DEMO.weblinks.hono).blocks.notes ?? [])).toEqual(['note']);
    expect(code(() => appendBlocks(store, space, { objectId: page, propertyId: 'notes', blocks: [] }))).toBe(
      'cap_invalid_input',
    );
    expect(code(() => appendBlocks(store, space, { objectId: DEMO.collections.shelf, blocks: [] }))).toBe(
      'cap_unsupported',
    );
  });

  it('enforces the parent rules', () => {
    const store = seededStore();
    const [codeBlock, group] = appendBlocks(store, space, {
      objectId: page,
      blocks: [
        { type: 'CodeBlock', lang: 'js', text: 'x' },
        { type: 'GroupBlock', blocks: [text('in group')] },
      ],
    });
    expect(
      code(() => appendBlocks(store, space, { objectId: page, parentBlockId: codeBlock?.id, blocks: [text('x')] })),
    ).toBe('cap_invalid_input');
    expect(
      code(() => appendBlocks(store, space, { objectId: page, parentBlockId: group?.id, blocks: [text('x')] })),
    ).toBe('ok');
    expect(
      code(() =>
        appendBlocks(store, space, {
          objectId: page,
          parentBlockId: group?.id,
          position: { type: 'after_block', after_block: { id: group?.id } },
          blocks: [],
        }),
      ),
    ).toBe('cap_invalid_input');
    expect(
      code(() =>
        appendBlocks(store, space, {
          objectId: page,
          blocks: [{ type: 'MathBlock', text: 'x', blocks: [text('no')] }],
        }),
      ),
    ).toBe('cap_invalid_input');
    expect(
      code(() => appendBlocks(store, space, { objectId: page, parentBlockId: crypto.randomUUID(), blocks: [] })),
    ).toBe('cap_not_found');
    expect(code(() => appendBlocks(store, space, { objectId: page, blocks: [{ type: 'Paragraph' }] }))).toBe(
      'cap_invalid_input',
    );
    expect(
      code(() =>
        appendBlocks(store, space, {
          objectId: page,
          blocks: [{ type: 'EntityBlock', entityId: crypto.randomUUID() }],
        }),
      ),
    ).toBe('cap_invalid_input');
    expect(code(() => appendBlocks(store, space, { objectId: crypto.randomUUID(), blocks: [] }))).toBe('cap_not_found');
  });

  it('keeps client-chosen ids once and refuses duplicates', () => {
    const store = seededStore();
    const id = crypto.randomUUID();
    expect(appendBlocks(store, space, { objectId: page, blocks: [{ id, ...text('x') }] })[0]?.id).toBe(id);
    expect(code(() => appendBlocks(store, space, { objectId: page, blocks: [{ id, ...text('y') }] }))).toBe(
      'cap_invalid_input',
    );
  });

  it('appends Markdown', () => {
    const store = seededStore();
    const blocks = appendMarkdown(store, space, { objectId: page, markdown: '# Hi\n\n- a\n- b' });
    expect(texts(blocks)).toEqual(['Hi', 'a', 'b']);
  });
});

describe('block patch and delete', () => {
  it('replaces a block but keeps its id, and keeps children unless sent', () => {
    const store = seededStore();
    const [parent] = appendBlocks(store, space, {
      objectId: page,
      blocks: [{ ...text('parent'), blocks: [text('kid')] }],
    });
    const id = parent?.id ?? '';
    const patched = patchBlock(store, space, id, {
      type: 'TextBlock',
      tokens: [{ type: 'TextToken', text: 'renamed' }],
      list: 'bullet',
    });
    expect(patched).toMatchObject({ id, list: 'bullet', tokens: [{ text: 'renamed' }] });
    expect(texts((patched as TextBlock).blocks)).toEqual(['kid']);
    const emptied = patchBlock(store, space, id, { type: 'TextBlock', tokens: [], blocks: [] });
    expect((emptied as TextBlock).blocks).toEqual([]);
    expect(code(() => patchBlock(store, space, id, { type: 'CodeBlock', text: 'x' }))).toBe('cap_invalid_input');
    expect(code(() => patchBlock(store, space, crypto.randomUUID(), { type: 'TextBlock' }))).toBe('cap_not_found');
  });

  it('keeps grid columns when omitted', () => {
    const store = seededStore();
    const [grid] = appendBlocks(store, space, {
      objectId: page,
      blocks: [{ type: 'GridBlock', columns: [[text('l')], [text('r')]] }],
    });
    const patched = patchBlock(store, space, grid?.id, { type: 'GridBlock' });
    expect(patched.type === 'GridBlock' && patched.columns.map(texts)).toEqual([['l'], ['r']]);
  });

  it('deletes subtrees and refuses unknown ids without changing anything', () => {
    const store = seededStore();
    const [parent, other] = appendBlocks(store, space, {
      objectId: page,
      blocks: [{ ...text('parent'), blocks: [text('kid')] }, text('other')],
    });
    const kid = (parent as TextBlock).blocks[0]?.id ?? '';
    expect(code(() => deleteBlocks(store, space, { blockIds: [other?.id, crypto.randomUUID()] }))).toBe(
      'cap_not_found',
    );
    expect(texts(store.requireObject(space, page).blocks.content ?? [])).toEqual(['parent', 'other']);
    expect(deleteBlocks(store, space, { blockIds: [parent?.id, kid], objectId: page })).toEqual([parent?.id, kid]);
    expect(texts(store.requireObject(space, page).blocks.content ?? [])).toEqual(['other']);
    expect(code(() => deleteBlocks(store, space, { blockIds: [] }))).toBe('cap_invalid_request');
  });
});
