import { describe, expect, it } from 'vitest';
import { setUpTestEmulator } from './http-testing.ts';
import { MAX_MARKDOWN_CHARACTERS } from './published-requests.ts';
import { DEMO, dailyNoteIdFor } from './seed.ts';

const published = setUpTestEmulator('published');
const { call } = published;

const text = (value: string, style: object = {}) => ({ type: 'TextToken', text: value, style });
const paragraph = (value: string, extra: object = {}) => ({ type: 'TextBlock', tokens: [text(value)], ...extra });
const PLAIN = { bold: false, italic: false, strikethrough: false, underline: false };

describe('published block shapes', () => {
  it('shows stored blocks as the reference does', async () => {
    const { body } = await call('GET', `/object?id=${DEMO.pages.showcase}`);
    const blocks = body.blocks.root_content;
    const all = JSON.stringify(blocks);
    expect(all).not.toMatch(/"checked"|"open"|"numbered"|"quote":true|"markdown"/);
    const item = blocks.find((block: { list?: { type: string } }) => block.list?.type === 'bullet');
    expect(item).toMatchObject({ toggle: null, tokens: [expect.objectContaining({ style: expect.any(Object) })] });
    expect(blocks.some((block: { list?: { type: string } }) => block.list?.type === 'numerical')).toBe(true);
    expect(blocks.find((block: { todo?: unknown }) => block.todo)?.todo).toEqual({ isDone: expect.any(Boolean) });
    expect(blocks.find((block: { quote?: unknown }) => block.quote)?.quote).toEqual({ layout: 'normal' });
    const unsupported = blocks.filter((block: { type: string }) => block.type === 'unsupported');
    expect(unsupported[0]).toEqual({ id: expect.any(String), type: 'unsupported', blockType: 'table' });
  });

  it('writes the reference’s block shapes and reads them back; Markdown still exports', async () => {
    const blocks = [
      paragraph('Title', { hierarchy: { key: 'heading', val: 2 }, textAlignment: 'center', colorTheme: 'blue' }),
      paragraph('first', { list: { type: 'roman' } }),
      paragraph('done', { todo: { isDone: true } }),
      paragraph('said', {
        quote: { layout: 'standout' },
        highlight: { type: 'custom', label: 'Key', location: 'p. 4' },
      }),
      { type: 'GridBlock', columns: [[paragraph('left')], [paragraph('right')]], dividers: true, gridLayout: [2, 1] },
      {
        type: 'TextBlock',
        tokens: [
          { type: 'LinkToken', text: 'Welcome', entityId: DEMO.pages.welcome },
          text(' on '),
          { type: 'LinkToken', text: 'June 1', date: '2024-06-01T00:00:00.000Z' },
          text(' and '),
          { type: 'LinkToken', text: 'MDN', url: 'https://developer.mozilla.org/' },
          text(' bold', { bold: true }),
        ],
      },
    ];
    const appended = await call('POST', '/blocks/append', { id: DEMO.pages.empty, blocks });
    expect(appended.status).toBe(200);
    const [heading, roman, todo, quote, grid, links] = appended.body.blocks.root_content;
    expect(heading).toMatchObject({
      hierarchy: { key: 'heading', val: 2 },
      textAlignment: 'center',
      colorTheme: 'blue',
    });
    expect(roman.list).toEqual({ type: 'roman' });
    expect(todo.todo).toEqual({ isDone: true });
    expect(quote).toMatchObject({ quote: { layout: 'standout' }, highlight: { type: 'custom', label: 'Key' } });
    expect(grid).toMatchObject({ type: 'GridBlock', dividers: true, gridLayout: [2, 1] });
    expect(links.tokens).toEqual([
      { type: 'LinkToken', text: 'Welcome', entityId: DEMO.pages.welcome },
      { type: 'TextToken', text: ' on ', style: PLAIN },
      { type: 'LinkToken', text: 'June 1', date: '2024-06-01T00:00:00.000Z' },
      { type: 'TextToken', text: ' and ', style: PLAIN },
      { type: 'LinkToken', text: 'MDN', url: 'https://developer.mozilla.org/' },
      { type: 'TextToken', text: ' bold', style: { ...PLAIN, bold: true } },
    ]);
    const markdown = (await call('GET', `/object/markdown?id=${DEMO.pages.empty}`)).body.markdown;
    expect(markdown).toBe(
      '## Title\n\n1. first\n\n- [x] done\n\n> said\n\nleft\n\nright\n\nWelcome on June 1 and [MDN](https://developer.mozilla.org/) **bold**',
    );
    expect(await published.control.violations()).toEqual([]);
  });

  it('refuses a TextToken without style, and records it', async () => {
    const answer = await call('POST', '/blocks/append', {
      id: DEMO.pages.empty,
      blocks: [{ type: 'TextBlock', tokens: [{ type: 'TextToken', text: 'no style' }] }],
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'cap_invalid_input' } });
    expect((await published.control.violations())[0]?.reason).toContain('body.blocks.0.tokens.0.style');
  });
});

describe('POST /blocks/append', () => {
  it('appends Markdown to the object named by `id` and answers the Object', async () => {
    const appended = await call('POST', '/blocks/append', {
      id: DEMO.weblinks.hono,
      objectId: DEMO.weblinks.hono,
      markdown: '- one\n- two',
    });
    expect(appended.status).toBe(200);
    expect(appended.body.id).toBe(DEMO.weblinks.hono);
    expect(appended.body.blocks.media_notes.map((block: { list: unknown }) => block.list)).toEqual([
      { type: 'bullet' },
      { type: 'bullet' },
    ]);
    const withProperty = await call('POST', '/blocks/append', {
      id: DEMO.weblinks.hono,
      propertyId: 'media_notes',
      position: { type: 'start' },
      markdown: 'zero',
    });
    expect(withProperty.body.blocks.media_notes[0].tokens[0].text).toBe('zero');
  });

  it('refuses Markdown over 200,000 characters with 413, no content, and both forms', async () => {
    const long = await call('POST', '/blocks/append', {
      id: DEMO.pages.empty,
      markdown: 'x'.repeat(MAX_MARKDOWN_CHARACTERS + 1),
    });
    expect(long).toMatchObject({ status: 413, body: { code: 'cap_invalid_input' } });
    const exactly = await call('POST', '/blocks/append', {
      id: DEMO.pages.empty,
      markdown: 'x'.repeat(MAX_MARKDOWN_CHARACTERS),
    });
    expect(exactly.status).toBe(200);
    expect((await call('POST', '/blocks/append', { id: DEMO.pages.empty, blocks: [] })).status).toBe(400);
    expect((await call('POST', '/blocks/append', { id: DEMO.pages.empty })).status).toBe(400);
    expect((await call('POST', '/blocks/append', { objectId: DEMO.pages.empty, markdown: 'x' })).status).toBe(400);
    expect((await published.control.violations()).map((violation) => violation.status)).toEqual([413, 400, 400, 400]);
  });

  it('limits Markdown only where the reference does (appends and weblinks, not whole objects)', async () => {
    const long = 'x'.repeat(MAX_MARKDOWN_CHARACTERS + 1);
    expect((await call('POST', '/blocks/daily-note/append', { markdown: long })).status).toBe(413);
    expect((await call('POST', '/object/url', { url: 'https://example.com/', markdown: long })).status).toBe(413);
    expect((await call('POST', '/object/markdown', { structureId: 'RootPage', markdown: long })).status).toBe(200);
  });
});

describe('one block', () => {
  it('replaces a block with PATCH /blocks/block and deletes one with DELETE /block, answering the Object', async () => {
    const appended = await call('POST', '/blocks/append', { id: DEMO.pages.empty, markdown: '- a\n  - child\n- b' });
    const [first, second] = appended.body.blocks.root_content;
    const patched = await call('PATCH', '/blocks/block', {
      id: DEMO.pages.empty,
      blockId: first.id,
      propertyId: 'root_content',
      block: paragraph('A', { list: { type: 'alphabetical' } }),
    });
    expect(patched.status).toBe(200);
    expect(patched.body.blocks.root_content[0]).toMatchObject({ id: first.id, list: { type: 'alphabetical' } });
    expect(patched.body.blocks.root_content[0].blocks[0].tokens[0].text).toBe('child');
    const elsewhere = await call('PATCH', '/blocks/block', {
      id: DEMO.pages.welcome,
      blockId: first.id,
      block: paragraph('x'),
    });
    expect(elsewhere.status).toBe(404);
    const deleted = await call('DELETE', `/block?objectId=${DEMO.pages.empty}&blockId=${second.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.blocks.root_content.map((block: { id: string }) => block.id)).toEqual([first.id]);
    expect((await call('DELETE', `/block?blockId=${second.id}`)).status).toBe(400);
  });
});

describe('POST /blocks/daily-note/append', () => {
  it('answers 200 with an empty body and applies the append later', async () => {
    const date = '2030-01-02T00:00:00.000Z';
    const answer = await call('POST', '/blocks/daily-note/append', { markdown: 'first', date, noTimeStamp: true });
    expect(answer).toMatchObject({ status: 200, text: '' });
    await call('POST', '/blocks/daily-note/append', {
      blocks: [paragraph('second', { list: { type: 'roman' } })],
      date,
      noTimeStamp: true,
    });
    await published.control.waitForDailyNotes();
    const note = await call('GET', `/object?id=${dailyNoteIdFor(DEMO.spaceId, '2030-01-02')}`);
    expect(note.body.properties.root_date.date.start).toBe(date);
    expect(note.body.blocks.root_notes.map((block: { list: unknown }) => block.list)).toEqual([
      null,
      { type: 'roman' },
    ]);
    expect((await call('POST', '/blocks/daily-note/append', { markdown: 'x', blocks: [paragraph('y')] })).status).toBe(
      400,
    );
  });
});
