import { describe, expect, it } from 'vitest';
import {
  type Block,
  type BlockInput,
  canonicalDay,
  InvalidInputError,
  NotFoundError,
  type TextBlock,
  titleValue,
} from '../../lib/api';
import type { CompleteWorkspaceApi } from '../../lib/api/complete-client';
import { errorOf, rejectionOf, setUpEmulator } from './harness';

const context = setUpEmulator();

const paragraph = (text: string, blocks?: BlockInput[]): BlockInput => ({
  type: 'TextBlock',
  tokens: [{ type: 'TextToken', text }],
  ...(blocks ? { blocks } : {}),
});

/** The plain text of a block tree, one entry per TextBlock, depth-first; other blocks by type. */
function outline(blocks: Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    if (block.type === 'TextBlock') {
      const text = block.tokens.map((token) => token.text).join('');
      return [text, ...outline(block.blocks).map((child) => `  ${child}`)];
    }
    if (block.type === 'GroupBlock') return [block.type, ...outline(block.blocks).map((child) => `  ${child}`)];
    return [block.type];
  });
}

async function newPage(api: CompleteWorkspaceApi, markdown?: string): Promise<string> {
  if (markdown !== undefined) return (await api.createObjectFromMarkdown({ markdown, title: 'Blocks' })).id;
  return (await api.createObject({ structureId: 'RootPage', properties: { title: titleValue('Blocks') } })).id;
}

async function content(api: CompleteWorkspaceApi, objectId: string, propertyId = 'content'): Promise<Block[]> {
  return (await api.getObject(objectId)).blocks?.[propertyId] ?? [];
}

function requireFirst<T>(items: T[] | null | undefined): T {
  const first = items?.[0];
  if (first === undefined) throw new Error('expected at least one item');
  return first;
}

describe('POST /blocks/append', () => {
  it('appends at the end by default and at the start on request; answers the new blocks with server ids', async () => {
    const api = context.api();
    const page = await newPage(api);
    const appended = await api.appendBlocks({ objectId: page, blocks: [paragraph('second'), paragraph('third')] });
    expect(appended?.map((block) => block.id)).toEqual([expect.any(String), expect.any(String)]);
    await api.appendBlocks({ objectId: page, position: { type: 'end' }, blocks: [{ type: 'HorizontalLineBlock' }] });
    await api.appendBlocks({ objectId: page, position: { type: 'start' }, blocks: [paragraph('first')] });
    expect(outline(await content(api, page))).toEqual(['first', 'second', 'third', 'HorizontalLineBlock']);
  });

  it('after_block places the blocks right after a sibling', async () => {
    const api = context.api();
    const page = await newPage(api);
    const [a] = (await api.appendBlocks({ objectId: page, blocks: [paragraph('a'), paragraph('c')] })) ?? [];
    await api.appendBlocks({
      objectId: page,
      position: { type: 'after_block', after_block: { id: a?.id ?? '' } },
      blocks: [paragraph('b')],
    });
    expect(outline(await content(api, page))).toEqual(['a', 'b', 'c']);
  });

  it('parentBlockId nests inside a TextBlock or a GroupBlock, at the end or the start of its children', async () => {
    const api = context.api();
    const page = await newPage(api);
    const [parent, group] =
      (await api.appendBlocks({ objectId: page, blocks: [paragraph('parent'), { type: 'GroupBlock', blocks: [] }] })) ??
      [];
    await api.appendBlocks({ objectId: page, parentBlockId: parent?.id, blocks: [paragraph('child 2')] });
    await api.appendBlocks({
      objectId: page,
      parentBlockId: parent?.id,
      position: { type: 'start' },
      blocks: [paragraph('child 1')],
    });
    await api.appendBlocks({ objectId: page, parentBlockId: group?.id, blocks: [paragraph('in group')] });
    expect(outline(await content(api, page))).toEqual(['parent', '  child 1', '  child 2', 'GroupBlock', '  in group']);
  });

  it('only TextBlock and GroupBlock take children: every other type refuses them (cap_invalid_input)', async () => {
    const api = context.api();
    const page = await newPage(api);
    const others: BlockInput[] = [
      { type: 'CodeBlock', lang: 'js', text: '1' },
      { type: 'MathBlock', text: 'x^2' },
      { type: 'EntityBlock', entityId: page },
      { type: 'HorizontalLineBlock' },
      { type: 'GridBlock', columns: [[paragraph('left')], [paragraph('right')]] },
    ];
    const appended = (await api.appendBlocks({ objectId: page, blocks: others })) ?? [];
    expect(appended.map((block) => block.type)).toEqual(others.map((block) => block.type));
    for (const parent of appended) {
      const error = await rejectionOf(
        api.appendBlocks({ objectId: page, parentBlockId: parent.id, blocks: [paragraph('x')] }),
      );
      expect(error, parent.type).toBeInstanceOf(InvalidInputError);
      expect(error, parent.type).toMatchObject({ status: 400, code: 'cap_invalid_input' });
    }
  });

  it('after_block together with parentBlockId: refused locally, and by the server', async () => {
    const api = context.api();
    const page = await newPage(api);
    const [a] = (await api.appendBlocks({ objectId: page, blocks: [paragraph('a', [paragraph('a1')])] })) ?? [];
    const position = { type: 'after_block', after_block: { id: a?.id ?? '' } } as const;
    await expect(
      api.appendBlocks({ objectId: page, parentBlockId: a?.id, position, blocks: [paragraph('x')] }),
    ).rejects.toMatchObject({ kind: 'invalid_input', status: undefined });
    const response = await context.raw('POST', '/blocks/append', {
      body: { objectId: page, parentBlockId: a?.id, position, blocks: [paragraph('x')] },
    });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'cap_invalid_input' });
  });

  it('propertyId targets another block property; an unknown one is refused', async () => {
    const api = context.api();
    const link = await api.createWeblink({ url: 'https://example.com/blocks' });
    await api.appendBlocks({ objectId: link.id, propertyId: 'notes', blocks: [paragraph('a note')] });
    expect(outline(await content(api, link.id, 'notes'))).toEqual(['a note']);
    await expect(
      api.appendBlocks({ objectId: link.id, propertyId: 'nope', blocks: [paragraph('x')] }),
    ).rejects.toMatchObject({ kind: 'invalid_input', code: 'cap_invalid_input' });
  });

  it('an unknown object or block is NotFoundError', async () => {
    const api = context.api();
    const page = await newPage(api);
    await expect(
      api.appendBlocks({ objectId: '00000000-0000-4000-8000-000000000000', blocks: [paragraph('x')] }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      api.appendBlocks({ objectId: page, parentBlockId: 'no-such-block', blocks: [paragraph('x')] }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('POST /blocks/markdown/append', () => {
  it('converts the Markdown and appends it at the requested position', async () => {
    const api = context.api();
    const page = await newPage(api, 'existing');
    const appended = await api.appendMarkdown({ objectId: page, markdown: '## Heading\n\n- item' });
    expect(appended?.length).toBeGreaterThan(0);
    const first = await api.appendMarkdown({ objectId: page, markdown: 'top line', position: { type: 'start' } });
    const blocks = await content(api, page);
    expect(blocks[0]?.id).toBe(first?.[0]?.id);
    const heading = blocks.find(
      (block): block is TextBlock => block.type === 'TextBlock' && block.hierarchy?.key === 'heading',
    );
    expect(heading?.hierarchy).toEqual({ key: 'heading', val: 2 });
    const exported = await api.getObjectMarkdown(page);
    expect(exported.indexOf('top line')).toBeLessThan(exported.indexOf('existing'));
    expect(exported).toContain('## Heading');
    expect(exported).toContain('- item');
  });
});

describe('PATCH /blocks/block', () => {
  it('replaces the content and keeps the children when blocks is omitted; sending blocks replaces them', async () => {
    const api = context.api();
    const page = await newPage(api);
    const parent = requireFirst(
      await api.appendBlocks({ objectId: page, blocks: [paragraph('old', [paragraph('kept child')])] }),
    );
    const patched = await api.updateBlock(parent.id, {
      type: 'TextBlock',
      tokens: [{ type: 'TextToken', text: 'new' }],
    });
    expect(patched?.id).toBe(parent.id);
    expect(outline(await content(api, page))).toEqual(['new', '  kept child']);

    await api.updateBlock(parent.id, {
      type: 'TextBlock',
      tokens: [{ type: 'TextToken', text: 'new' }],
      blocks: [paragraph('replacement')],
    });
    expect(outline(await content(api, page))).toEqual(['new', '  replacement']);
    expect((await content(api, page))[0]?.id).toBe(parent.id);
  });

  it('GroupBlock and GridBlock keep their children or columns when the PATCH omits them', async () => {
    const api = context.api();
    const page = await newPage(api);
    const [group, grid] =
      (await api.appendBlocks({
        objectId: page,
        blocks: [
          { type: 'GroupBlock', blocks: [paragraph('in group')] },
          { type: 'GridBlock', columns: [[paragraph('left')], [paragraph('right')]] },
        ],
      })) ?? [];
    await api.updateBlock(group?.id ?? '', { type: 'GroupBlock' });
    await api.updateBlock(grid?.id ?? '', { type: 'GridBlock' });
    const [groupAfter, gridAfter] = await content(api, page);
    expect(groupAfter?.type === 'GroupBlock' && outline(groupAfter.blocks)).toEqual(['in group']);
    expect(gridAfter?.type === 'GridBlock' && gridAfter.columns.map(outline)).toEqual([['left'], ['right']]);

    await api.updateBlock(grid?.id ?? '', { type: 'GridBlock', columns: [[paragraph('only')]] });
    const [, gridReplaced] = await content(api, page);
    expect(gridReplaced?.type === 'GridBlock' && gridReplaced.columns.map(outline)).toEqual([['only']]);
  });

  it('refuses a block of another type, and an unknown block id', async () => {
    const api = context.api();
    const page = await newPage(api);
    const block = requireFirst(await api.appendBlocks({ objectId: page, blocks: [paragraph('text')] }));
    await expect(api.updateBlock(block.id, { type: 'CodeBlock', text: 'x' })).rejects.toMatchObject({
      kind: 'invalid_input',
      code: 'cap_invalid_input',
    });
    await expect(api.updateBlock('no-such-block', { type: 'CodeBlock', text: 'x' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('POST /blocks/delete', () => {
  it('removes each block with its whole subtree', async () => {
    const api = context.api();
    const page = await newPage(api);
    const [parent, sibling] =
      (await api.appendBlocks({
        objectId: page,
        blocks: [paragraph('parent', [paragraph('child', [paragraph('grandchild')])]), paragraph('sibling')],
      })) ?? [];
    const child = parent?.type === 'TextBlock' ? parent.blocks[0] : undefined;
    expect(await api.deleteBlocks([parent?.id ?? ''])).toEqual([parent?.id]);
    expect(outline(await content(api, page))).toEqual(['sibling']);
    expect((await content(api, page))[0]?.id).toBe(sibling?.id);
    await expect(api.deleteBlocks([child?.id ?? ''])).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('daily notes', () => {
  async function dailyNoteText(api: CompleteWorkspaceApi, day: string): Promise<string[]> {
    const [note] = await api.search({ query: day, structureIds: ['RootDailyNote'] });
    if (note?.title !== day) return [];
    return outline(await content(api, note.id, 'notes'));
  }

  /** The append is asynchronous (204 = queued): poll until the content shows up. */
  async function eventually(api: CompleteWorkspaceApi, day: string, expected: string): Promise<string[]> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const text = await dailyNoteText(api, day);
      if (text.includes(expected) || Date.now() > deadline) return text;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('POST /blocks/daily-note/append answers once queued; the Markdown appears after a timestamp heading', async () => {
    const api = context.api();
    const today = new Date().toISOString().slice(0, 10);
    await expect(api.appendToDailyNote({ markdown: 'Clipped **line**' })).resolves.toBeUndefined();
    const text = await eventually(api, today, 'Clipped line');
    const index = text.indexOf('Clipped line');
    expect(index).toBeGreaterThan(0);
    expect(text[index - 1]).toMatch(/^\d{2}:\d{2}$/);
    const [note] = await api.search({ query: today, structureIds: ['RootDailyNote'] });
    const stamp = (await content(api, note?.id ?? '', 'notes')).at(index - 1);
    expect(stamp?.type === 'TextBlock' && stamp.hierarchy).toEqual({ key: 'heading', val: 3 });
  });

  it('noTimeStamp skips the timestamp heading and date picks the day', async () => {
    const api = context.api();
    await api.appendToDailyNote({ markdown: 'No stamp here' }, { date: canonicalDay('2024-06-11'), noTimeStamp: true });
    const text = await eventually(api, '2024-06-11', 'No stamp here');
    const index = text.indexOf('No stamp here');
    expect(index).toBeGreaterThanOrEqual(0);
    expect(text[index - 1] ?? '').not.toMatch(/^\d{2}:\d{2}$/);
  });

  it('appends blocks instead of Markdown, creating the note of a new day', async () => {
    const api = context.api();
    await api.appendToDailyNote({ blocks: [paragraph('A block line')] }, { date: canonicalDay('2031-01-02') });
    expect(await eventually(api, '2031-01-02', 'A block line')).toContain('A block line');
  });

  it('POST /blocks/markdown/daily-note appends Markdown the same way', async () => {
    const api = context.api();
    await api.appendMarkdownToDailyNote('Via the markdown route', {
      date: canonicalDay('2031-01-03'),
      noTimeStamp: true,
    });
    expect(await eventually(api, '2031-01-03', 'Via the markdown route')).toEqual(['Via the markdown route']);
  });

  it('a date that is not UTC midnight: refused locally, and by the server (cap_invalid_input)', async () => {
    const api = context.api();
    await expect(api.appendToDailyNote({ markdown: 'x' }, { date: '2024-06-11T08:00:00.000Z' })).rejects.toMatchObject({
      kind: 'invalid_input',
      status: undefined,
    });
    const response = await context.raw('POST', '/blocks/daily-note/append', {
      body: { markdown: 'x', date: '2024-06-11' },
    });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'cap_invalid_input' });
  });

  it('markdown and blocks together: refused locally, and by the server', async () => {
    const both = { markdown: 'x', blocks: [paragraph('y')] };
    await expect(context.api().appendToDailyNote(both as never)).rejects.toMatchObject({ kind: 'invalid_input' });
    const response = await context.raw('POST', '/blocks/daily-note/append', { body: both });
    expect((await errorOf(response)).status).toBe(400);
  });
});
