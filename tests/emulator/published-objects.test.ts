import { describe, expect, it } from 'vitest';
import { setUpTestEmulator } from './http-testing.ts';
import { DEMO, DEMO_TOKENS } from './seed.ts';

const published = setUpTestEmulator('published');
const { call } = published;

const title = (value: string) => ({ type: 'title', title: { value } });
const label = (id: string, name: string) => ({ type: 'label', label: [{ id, name }] });
const weblinkStatus = DEMO.properties.weblink.status;

describe('published shapes', () => {
  it('answers objects with only the published fields and opaque property ids', async () => {
    const { status, body } = await call('GET', `/object?id=${DEMO.weblinks.mdn}`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['blocks', 'collections', 'id', 'properties', 'structureId']);
    expect(body.properties.media_URLReference).toEqual({
      type: 'url',
      url: { value: 'https://developer.mozilla.org/' },
    });
    expect(body.properties.url).toBeUndefined();
    expect(Object.keys(body.blocks)).toEqual(['media_notes']);
    expect(body.properties.root_createdAt.type).toBe('createdAt');
    expect(body.properties.description).toEqual({
      type: 'text',
      text: { value: 'Documentation of the web platform.' },
    });
    expect(body.properties[weblinkStatus].label).toEqual([
      { id: DEMO.labels.weblinkStatus.reading, name: 'Reading', color: 'blue' },
    ]);
    expect(body.properties[DEMO.properties.weblink.readOn].date).toEqual({
      dateResolution: 'day',
      start: '2024-06-03T00:00:00.000Z',
      end: null,
    });
    const book = (await call('GET', `/object?id=${DEMO.books.pragmatic}`)).body;
    expect(book.properties[DEMO.properties.book.summary].richText.value[0]).toEqual({
      type: 'TextToken',
      text: 'Practical advice for software developers.',
      style: { bold: false, italic: false, strikethrough: false, underline: false },
    });
    const image = (await call('GET', `/object?id=${DEMO.media.whiteboard}`)).body;
    expect(image.mediaContent).toBeUndefined();
    expect(image.files[0]).toEqual({
      url: expect.stringContaining('/__emulator/files/'),
      fileType: 'image/png',
      expirationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await fetch(image.files[0].url)).status).toBe(200);
  });

  it('describes structures in the published shape', async () => {
    const { body } = await call('GET', '/space/structures');
    const structure = (id: string) => body.structures.find((candidate: { id: string }) => candidate.id === id);
    const weblink = structure('MediaWebResource');
    expect(Object.keys(weblink)).toEqual([
      'id',
      'title',
      'pluralName',
      'propertyDefinitions',
      'labelColor',
      'collections',
    ]);
    const definitions = body.structures.flatMap((s: { propertyDefinitions: unknown[] }) => s.propertyDefinitions);
    expect(definitions.some((def: { type: string }) => def.type === 'blocks')).toBe(false);
    expect(definitions.some((def: object) => 'dateResolution' in def || 'allowedStructureIds' in def)).toBe(false);
    expect(weblink.propertyDefinitions.map((def: { id: string }) => def.id)).toEqual(
      expect.arrayContaining(['title', 'media_URLReference', 'tags', 'description', weblinkStatus]),
    );
    expect(weblink.propertyDefinitions[1]).toEqual({
      id: 'media_URLReference',
      name: 'URL',
      type: 'url',
      writable: false,
    });
    expect(weblink.propertyDefinitions[2]).toMatchObject({ id: 'tags', allowedStructures: ['RootTag'] });
    const task = structure('RootTask');
    expect(task.propertyDefinitions.find((def: { id: string }) => def.id === 'status').labelSet).toHaveLength(4);
    const page = structure('RootPage');
    expect(page.propertyDefinitions.map((def: { type: string }) => def.type)).toEqual(
      expect.arrayContaining(['aliases', 'icon']),
    );
  });

  it('answers GET /space with an icon where the space has one', async () => {
    expect((await call('GET', '/space')).body).toEqual({
      id: DEMO.spaceId,
      title: 'Demo space',
      icon: { type: 'emoji', val: '🗂️' },
    });
    expect(Object.keys((await call('GET', '/space', undefined, DEMO_TOKENS.research)).body)).toEqual(['id', 'title']);
  });
});

describe('POST /object/url', () => {
  it('silently ignores properties other than title and description, and collections', async () => {
    const { status, body } = await call('POST', '/object/url', {
      url: 'https://example.com/article',
      markdown: '> quoted',
      collections: [DEMO.collections.readingList],
      properties: {
        title: title('An article'),
        description: { type: 'text', text: { value: 'Short' } },
        tags: { type: 'entity', entity: [{ id: DEMO.tags.reading }] },
        [weblinkStatus]: label(DEMO.labels.weblinkStatus.unread, 'Unread'),
      },
    });
    expect(status).toBe(200);
    expect(body.properties.title.title.value).toBe('An article');
    expect(body.properties.description.text.value).toBe('Short');
    expect(body.properties.media_URLReference.url.value).toBe('https://example.com/article');
    expect(body.properties.tags.entity).toEqual([]);
    expect(body.properties[weblinkStatus].label).toEqual([]);
    expect(body.collections).toEqual([]);
    expect(body.blocks.media_notes[0]).toMatchObject({ type: 'TextBlock', quote: { layout: 'normal' } });
    expect(await published.control.violations()).toEqual([]);
  });

  it('takes the notes as blocks instead, never both', async () => {
    const blocks = [{ type: 'TextBlock', tokens: [{ type: 'TextToken', text: 'Note', style: {} }] }];
    const created = await call('POST', '/object/url', { url: 'https://example.com/b', blocks });
    expect(created.body.properties.title.title.value).toBe('https://example.com/b');
    expect(created.body.blocks.media_notes[0].tokens[0].text).toBe('Note');
    const both = await call('POST', '/object/url', { url: 'https://example.com/c', blocks, markdown: 'x' });
    expect(both).toMatchObject({ status: 400, body: { code: 'cap_invalid_input' } });
    expect(await published.control.violations()).toEqual([
      expect.objectContaining({ path: '/object/url', status: 400 }),
    ]);
  });
});

describe('PATCH and DELETE /object', () => {
  it('patches with the id in the body and answers the Object', async () => {
    const patched = await call('PATCH', '/object', {
      id: DEMO.weblinks.hono,
      properties: { [weblinkStatus]: label(DEMO.labels.weblinkStatus.done, 'Done') },
      collections: [DEMO.collections.research],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.properties[weblinkStatus].label[0].name).toBe('Done');
    expect(patched.body.collections).toEqual([DEMO.collections.research]);
    const withoutId = await call('PATCH', `/object?id=${DEMO.weblinks.hono}`, { properties: {} });
    expect(withoutId).toMatchObject({ status: 400, body: { code: 'cap_invalid_input' } });
    expect((await published.control.violations()).map((violation) => violation.reason)).toEqual([
      'body.id: Invalid input: expected string, received undefined',
    ]);
  });

  it('replaces whole block properties with `blocks`, and takes the id in the query as well', async () => {
    const note = { type: 'TextBlock', tokens: [{ type: 'TextToken', text: 'Replaced', style: {} }] };
    const patched = await call('PATCH', `/object?id=${DEMO.weblinks.mdn}`, {
      id: DEMO.weblinks.mdn,
      blocks: { media_notes: [note] },
    });
    expect(patched.status).toBe(200);
    expect((await call('GET', `/object/markdown?id=${DEMO.weblinks.mdn}`)).body.markdown).toBe('Replaced');
    const wrong = await call('PATCH', '/object', { id: DEMO.weblinks.mdn, blocks: { description: [note] } });
    expect(wrong.body.message).toContain("'description' is not a block property");
    expect(await published.control.violations()).toEqual([]);
  });

  it('refuses a label without its name, and records the violation', async () => {
    const answer = await call('PATCH', '/object', {
      id: DEMO.weblinks.hono,
      properties: { [weblinkStatus]: { type: 'label', label: [{ id: DEMO.labels.weblinkStatus.done }] } },
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'cap_invalid_input' } });
    expect(await published.control.violations()).toEqual([
      expect.objectContaining({ method: 'PATCH', path: '/object', reason: expect.stringContaining('label.0.name') }),
    ]);
    expect((await call('GET', `/object?id=${DEMO.weblinks.hono}`)).body.properties[weblinkStatus].label).toEqual([]);
  });

  it('trashes with deleteRequested: true or DELETE, and really restores with deleteRequested: false', async () => {
    const id = DEMO.weblinks.markdownGuide;
    expect(await call('DELETE', `/object?id=${id}&hardDelete=false`)).toMatchObject({ status: 200, text: '' });
    expect((await call('GET', `/object?id=${id}`)).status).toBe(404);
    const restored = await call('PATCH', '/object', { id, deleteRequested: false });
    expect(restored.status).toBe(200);
    expect((await call('GET', `/object?id=${id}`)).status).toBe(200);
    const found = await call('POST', '/objects/search', { query: 'Markdown Guide' });
    expect(found.body.results.map((result: { id: string }) => result.id)).toContain(id);
    await call('PATCH', '/object', { id, deleteRequested: true });
    expect((await call('GET', `/object?id=${id}`)).status).toBe(404);
    expect((await call('PATCH', '/object', { id, properties: {} })).status).toBe(404);
  });

  it('needs hardDelete on DELETE (marked required), and removes for good with true', async () => {
    const missing = await call('DELETE', `/object?id=${DEMO.pages.empty}`);
    expect(missing).toMatchObject({ status: 400, body: { code: 'cap_invalid_input' } });
    expect((await call('GET', `/object?id=${DEMO.pages.empty}`)).status).toBe(200);
    expect((await call('DELETE', `/object?id=${DEMO.pages.empty}&hardDelete=true`)).status).toBe(200);
    const state = await published.control.state({ spaceId: DEMO.spaceId, structureId: 'RootPage' });
    expect(state.spaces[0]?.objects.some((obj) => obj.id === DEMO.pages.empty)).toBe(false);
    expect(await published.control.violations()).toEqual([
      expect.objectContaining({ reason: 'query.hardDelete: required' }),
    ]);
  });
});

describe('POST /object', () => {
  it('creates with properties (aliases and icon too) and block content, answering 200', async () => {
    const created = await call('POST', '/object', {
      structureId: 'RootPage',
      properties: {
        title: title('Created'),
        root_aliases: { type: 'aliases', aliases: { value: ['First', 'Second'] } },
        root_icon: { type: 'icon', icon: { value: { type: 'emoji', val: '📘' } } },
      },
      blocks: { root_content: [{ type: 'TextBlock', tokens: [{ type: 'TextToken', text: 'Body', style: {} }] }] },
    });
    expect(created.status).toBe(200);
    expect(created.body.properties.root_aliases.aliases.value).toEqual(['First', 'Second']);
    expect(created.body.properties.root_icon.icon.value).toEqual({ type: 'emoji', val: '📘' });
    const markdown = await call('GET', `/object/markdown?id=${created.body.id}`);
    expect(markdown.body).toEqual({ id: created.body.id, structureId: 'RootPage', markdown: 'Body' });
    const nine = await call('POST', '/object', {
      structureId: 'RootPage',
      properties: { root_aliases: { type: 'aliases', aliases: { value: Array(9).fill('a') } } },
    });
    expect(nine.status).toBe(400);
  });

  it('refuses unknown and read-only properties by their published id', async () => {
    const readOnly = await call('POST', '/object/url', { url: 'https://example.com/' });
    const patched = await call('PATCH', '/object', {
      id: readOnly.body.id,
      properties: { media_URLReference: { type: 'url', url: { value: 'https://other.example/' } } },
    });
    expect(patched.body).toEqual({
      code: 'cap_invalid_input',
      message: "Property 'media_URLReference' (URL) is not writable",
    });
    const unknown = await call('PATCH', '/object', { id: readOnly.body.id, properties: { url: title('x') } });
    expect(unknown.body.message).toContain("Property 'url' is not defined");
  });
});

describe('Markdown', () => {
  it('creates from Markdown with front matter, and PATCH reads only the front matter', async () => {
    const created = await call('POST', '/object/markdown', {
      structureId: DEMO.structures.book,
      markdown: `---\ntitle: Dune\n${DEMO.properties.book.pages}: 412\nStatus: Reading\n---\n# Notes\n\nSand.`,
    });
    expect(created.status).toBe(200);
    expect(created.body.properties.title.title.value).toBe('Dune');
    expect(created.body.properties[DEMO.properties.book.pages].number.value).toBe(412);
    expect(created.body.properties[DEMO.properties.book.status].label[0].name).toBe('Reading');
    const patched = await call('PATCH', '/object/markdown', {
      id: created.body.id,
      markdown: '---\ntitle: Dune (1965)\nOwned: true\n---\nThis body is not read.',
    });
    expect(patched.body.properties.title.title.value).toBe('Dune (1965)');
    expect(patched.body.properties[DEMO.properties.book.owned].boolean.value).toBe(true);
    expect((await call('GET', `/object/markdown?id=${created.body.id}`)).body.markdown).toBe('# Notes\n\nSand.');
  });
});
