import { describe, expect, it } from 'vitest';
import {
  type Block,
  booleanValue,
  canonicalDay,
  dateValue,
  entityValue,
  InvalidInputError,
  labelValue,
  NotFoundError,
  numberValue,
  type PropertyDefinition,
  readBoolean,
  readCreatedAt,
  readDate,
  readEntityIds,
  readLabelIds,
  readLastUpdatedAt,
  readNumber,
  readRichText,
  readText,
  readTitle,
  readUrl,
  richTextValue,
  type Structure,
  textValue,
  titleValue,
  urlValue,
  type WorkspaceApi,
} from '../../lib/api';
import { errorOf, rejectionOf, setUpEmulator, TOKENS } from './harness';

const context = setUpEmulator();

interface Book {
  structure: Structure;
  prop: (name: string) => PropertyDefinition;
  /** An option as written: its id and name (the published reference requires the name). */
  option: (property: string, option: string) => { id: string; name: string };
  label: (property: string, option: string) => string;
}

async function book(api: WorkspaceApi): Promise<Book> {
  const structure = (await api.getStructures()).find((candidate) => candidate.title === 'Book');
  if (!structure) throw new Error('no Book structure');
  const prop = (name: string) => {
    const found = structure.propertyDefinitions.find((definition) => definition.name === name);
    if (!found) throw new Error(`no property ${name}`);
    return found;
  };
  const label = (property: string, option: string): { id: string; name: string } => {
    const found = prop(property).labelSet?.find((candidate) => candidate.name === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  };
  return { structure, prop, option: label, label: (property, option) => label(property, option).id };
}

async function idOf(api: WorkspaceApi, title: string, structureId: string): Promise<string> {
  const [hit] = await api.search({ query: title, structureIds: [structureId] });
  if (hit?.title !== title) throw new Error(`no ${structureId} titled ${title}`);
  return hit.id;
}

async function newTag(api: WorkspaceApi, title: string): Promise<string> {
  return (await api.createObject({ structureId: 'RootTag', properties: { title: titleValue(title) } })).id;
}

/** Expects the server (not the local check) to refuse with 400 cap_invalid_input. */
async function expectInvalidInput(call: Promise<unknown>, message?: RegExp) {
  const error = await rejectionOf(call);
  expect(error).toBeInstanceOf(InvalidInputError);
  expect(error).toMatchObject({ status: 400, code: 'cap_invalid_input', mayHaveBeenApplied: false });
  if (message) expect((error as InvalidInputError).detail).toMatch(message);
}

describe('reading the seeded space', () => {
  it('every object of every structure reads without unknown values or blocks', async () => {
    const api = context.api();
    const unknown: string[] = [];
    const findUnknown = (blocks: Block[], where: string) => {
      for (const block of blocks) {
        if (block.type === 'unknown') unknown.push(`${where}: block ${block.rawType}`);
        if (block.type === 'TextBlock' || block.type === 'GroupBlock') findUnknown(block.blocks, where);
        if (block.type === 'GridBlock') for (const column of block.columns) findUnknown(column, where);
        if (block.type === 'TextBlock') {
          for (const token of block.tokens)
            if (token.type === 'unknown') unknown.push(`${where}: token ${token.rawType}`);
        }
      }
    };
    let count = 0;
    for (const structure of await api.getStructures()) {
      for await (const summary of api.iterateByStructure(structure.id)) {
        const object = await api.getObject(summary.id);
        count++;
        expect(readTitle(object)).toBe(summary.title);
        for (const [id, value] of Object.entries(object.properties)) {
          if (value.type === 'unknown') unknown.push(`${summary.title}: property ${id} (${value.rawType})`);
        }
        for (const [id, blocks] of Object.entries(object.blocks ?? {})) findUnknown(blocks, `${summary.title}.${id}`);
      }
    }
    expect(count).toBeGreaterThan(40);
    expect(unknown).toEqual([]);
  });

  it('content the block model cannot hold comes back as unsupported blocks with their Markdown', async () => {
    const api = context.api();
    const saved = await api.createObjectFromMarkdown({ markdown: '| a | b |\n| - | - |\n| 1 | 2 |\n' });
    const [table] = (await api.getObject(saved.id)).blocks?.content ?? [];
    expect(table).toMatchObject({ type: 'unsupported', markdown: expect.stringContaining('| a | b |') });
    expect(await api.getObjectMarkdown(saved.id)).toContain('| 1 | 2 |');
  });

  it('an analysed image carries mediaContent (OCR text, colours); one still being analysed does not', async () => {
    const api = context.api();
    // The seeded images' titles all hold "e" (a blank query is never sent: the published bounds).
    const images = await api.search({ query: 'e', structureIds: ['MediaImage'] });
    const objects = await Promise.all(images.map((image) => api.getObject(image.id)));
    const analysed = objects.find((object) => object.mediaContent !== undefined);
    expect(analysed?.mediaContent?.ocr?.text).toContain('Q3 goals');
    expect(analysed?.mediaContent?.colors?.[0]).toEqual({ name: expect.any(String), hex: expect.stringMatching(/^#/) });
    expect(analysed?.files).toBeDefined();
    expect(objects.filter((object) => object.mediaContent === undefined)).toHaveLength(objects.length - 1);
  });
});

describe('create, read, update with every property type', () => {
  it('creates a page with a title and tags and reads it back', async () => {
    const api = context.api();
    const reading = await idOf(api, 'Reading', 'RootTag');
    const saved = await api.createObject({
      structureId: 'RootPage',
      properties: { title: titleValue('Contract page'), tags: entityValue([reading]) },
    });
    expect(saved.object?.structureId).toBe('RootPage');
    const object = await api.getObject(saved.id);
    expect(readTitle(object)).toBe('Contract page');
    expect(readEntityIds(object, 'tags')).toEqual([reading]);
    expect(object.collections).toEqual([]);
    expect(readCreatedAt(object)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(readLastUpdatedAt(object)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(object.blocks?.content).toEqual([]);
  });

  it('entity links read as { id } only, as the spec says', async () => {
    const api = context.api();
    const reading = await idOf(api, 'Reading', 'RootTag');
    const saved = await api.createObject({ structureId: 'RootPage', properties: { tags: entityValue([reading]) } });
    const raw = (await (await context.raw('GET', `/object?id=${saved.id}`)).json()) as {
      properties: { tags: { entity: Record<string, unknown>[] } };
    };
    expect(raw.properties.tags.entity).toEqual([{ id: reading }]);
  });

  it('a rejected PATCH changes nothing, not even the valid keys sent with it', async () => {
    const api = context.api();
    const b = await book(api);
    const author = b.prop('Author').id;
    const saved = await api.createObject({
      structureId: b.structure.id,
      properties: { title: titleValue('Unchanged'), [author]: textValue('Kept') },
    });
    await expectInvalidInput(
      api.updateObject(saved.id, {
        properties: {
          title: titleValue('Changed'),
          [b.prop('Status').id]: labelValue([{ id: 'no-such-option', name: 'No such option' }]),
        },
      }),
    );
    const object = await api.getObject(saved.id);
    expect(readTitle(object)).toBe('Unchanged');
    expect(readText(object, author)).toBe('Kept');
  });

  it('writes and reads every value type on a custom structure (Book)', async () => {
    const api = context.api();
    const b = await book(api);
    const page = await idOf(api, 'Project ideas', 'RootPage');
    const saved = await api.createObject({
      structureId: b.structure.id,
      properties: {
        title: titleValue('Contract book'),
        [b.prop('Author').id]: textValue('Ada Lovelace'),
        [b.prop('Status').id]: labelValue([b.option('Status', 'Reading')]),
        [b.prop('Genres').id]: labelValue([b.option('Genres', 'Science'), b.option('Genres', 'History')]),
        [b.prop('Published').id]: dateValue({ start: '1843-10-01', resolution: 'day' }),
        [b.prop('Last opened').id]: dateValue({ start: new Date('2024-06-01T08:30:00.000Z'), resolution: 'time' }),
        [b.prop('Pages').id]: numberValue(312),
        [b.prop('Owned').id]: booleanValue(true),
        [b.prop('Link').id]: urlValue('https://example.com/notes'),
        [b.prop('Summary').id]: richTextValue([{ type: 'TextToken', text: 'On the ', style: { bold: true } }]),
        [b.prop('Related').id]: entityValue([page]),
      },
    });
    const object = await api.getObject(saved.id);
    expect(readTitle(object)).toBe('Contract book');
    expect(readText(object, b.prop('Author').id)).toBe('Ada Lovelace');
    expect(readLabelIds(object, b.prop('Status').id)).toEqual([b.label('Status', 'Reading')]);
    expect(readLabelIds(object, b.prop('Genres').id).sort()).toEqual(
      [b.label('Genres', 'Science'), b.label('Genres', 'History')].sort(),
    );
    expect(readDate(object, b.prop('Published').id)).toEqual({
      resolution: 'day',
      start: '1843-10-01T00:00:00.000Z',
      end: null,
    });
    expect(readDate(object, b.prop('Last opened').id)).toMatchObject({
      resolution: 'time',
      start: '2024-06-01T08:30:00.000Z',
    });
    expect(readNumber(object, b.prop('Pages').id)).toBe(312);
    expect(readBoolean(object, b.prop('Owned').id)).toBe(true);
    expect(readUrl(object, b.prop('Link').id)).toBe('https://example.com/notes');
    expect(readRichText(object, b.prop('Summary').id)).toEqual([
      { type: 'TextToken', text: 'On the ', style: { bold: true } },
    ]);
    expect(readEntityIds(object, b.prop('Related').id)).toEqual([page]);
    expect(Object.values(object.properties).some((value) => value.type === 'unknown')).toBe(false);
  });

  it('a date range with a day resolution, and a date without resolution takes the definition default', async () => {
    const api = context.api();
    const b = await book(api);
    const published = b.prop('Published').id;
    const saved = await api.createObject({
      structureId: b.structure.id,
      properties: {
        [published]: dateValue({ start: canonicalDay('2024-01-01'), end: canonicalDay('2024-01-31') }),
      },
    });
    expect(readDate(await api.getObject(saved.id), published)).toEqual({
      resolution: 'day',
      start: '2024-01-01T00:00:00.000Z',
      end: '2024-01-31T00:00:00.000Z',
    });
  });

  it('PATCH changes only the keys sent; null clears a value', async () => {
    const api = context.api();
    const b = await book(api);
    const author = b.prop('Author').id;
    const pages = b.prop('Pages').id;
    const saved = await api.createObject({
      structureId: b.structure.id,
      properties: { title: titleValue('Before'), [author]: textValue('Someone'), [pages]: numberValue(10) },
    });
    const updated = await api.updateObject(saved.id, {
      properties: { title: titleValue('After'), [pages]: numberValue(null) },
    });
    expect(updated.object).not.toBeNull();
    const object = await api.getObject(saved.id);
    expect(readTitle(object)).toBe('After');
    expect(readText(object, author)).toBe('Someone');
    expect(readNumber(object, pages)).toBeUndefined();
  });

  it('entity lists replace the current links; [] removes them all', async () => {
    const api = context.api();
    const [a, b, c] = [await newTag(api, 'alpha-x'), await newTag(api, 'beta-x'), await newTag(api, 'gamma-x')];
    const saved = await api.createObject({
      structureId: 'RootPage',
      properties: { tags: entityValue([a, b]) },
    });
    await api.updateObject(saved.id, { properties: { tags: entityValue([c]) } });
    expect(readEntityIds(await api.getObject(saved.id), 'tags')).toEqual([c]);
    await api.updateObject(saved.id, { properties: { tags: entityValue([]) } });
    expect(readEntityIds(await api.getObject(saved.id), 'tags')).toEqual([]);
  });

  it('a multi-select label takes several options and [] clears it', async () => {
    const api = context.api();
    const b = await book(api);
    const genres = b.prop('Genres').id;
    const saved = await api.createObject({
      structureId: b.structure.id,
      properties: { [genres]: labelValue([b.option('Genres', 'Fiction'), b.option('Genres', 'Programming')]) },
    });
    expect(readLabelIds(await api.getObject(saved.id), genres)).toHaveLength(2);
    await api.updateObject(saved.id, { properties: { [genres]: labelValue([]) } });
    expect(readLabelIds(await api.getObject(saved.id), genres)).toEqual([]);
  });

  it('a tag that does not exist yet is created with POST /object, then linked', async () => {
    const api = context.api();
    const tag = await newTag(api, 'Brand new tag');
    const saved = await api.createWeblink({
      url: 'https://example.com/tagged',
      properties: { tags: entityValue([tag]) },
    });
    expect(readEntityIds(saved, 'tags')).toEqual([tag]);
  });
});

describe('invalid input (400 cap_invalid_input)', () => {
  it('a day date that is not UTC midnight: refused locally with an explicit resolution, by the server without one', async () => {
    const api = context.api();
    const b = await book(api);
    const published = b.prop('Published').id;
    const before = (await context.control.log()).length;
    const local = await rejectionOf(
      api.createObject({
        structureId: b.structure.id,
        properties: { [published]: dateValue({ start: '2024-05-01T10:00:00.000Z', resolution: 'day' }) },
      }),
    );
    expect(local).toMatchObject({ kind: 'invalid_input', status: undefined });
    expect((await context.control.log()).length).toBe(before);

    await expectInvalidInput(
      api.createObject({
        structureId: b.structure.id,
        properties: { [published]: dateValue({ start: '2024-05-01T10:00:00.000Z' }) },
      }),
      /T00:00:00\.000Z/,
    );
    await expectInvalidInput(
      api.createObject({
        structureId: b.structure.id,
        properties: { [published]: dateValue({ start: '2024-05-01T00:00:00Z' }) },
      }),
    );
  });

  it('an unknown entity id is refused', async () => {
    await expectInvalidInput(
      context.api().createObject({
        structureId: 'RootPage',
        properties: { tags: entityValue(['00000000-0000-4000-8000-000000000000']) },
      }),
    );
  });

  it('an entity of a structure the property does not allow is refused', async () => {
    const api = context.api();
    const page = await idOf(api, 'Project ideas', 'RootPage');
    await expectInvalidInput(api.createObject({ structureId: 'RootPage', properties: { tags: entityValue([page]) } }));
  });

  it('an entity of another space is refused', async () => {
    const [researchTag] = await context.api(TOKENS.research).search({ query: 'Applied', structureIds: ['RootTag'] });
    await expectInvalidInput(
      context
        .api()
        .createObject({ structureId: 'RootPage', properties: { tags: entityValue([researchTag?.id ?? '']) } }),
    );
  });

  it('an entity in the trash is refused', async () => {
    const api = context.api();
    const tag = await newTag(api, 'soon trashed');
    await api.deleteObject(tag);
    await expectInvalidInput(api.createObject({ structureId: 'RootPage', properties: { tags: entityValue([tag]) } }));
  });

  it('an unknown label option id is refused', async () => {
    const api = context.api();
    const b = await book(api);
    await expectInvalidInput(
      api.createObject({
        structureId: b.structure.id,
        properties: { [b.prop('Status').id]: labelValue([{ id: 'no-such-option', name: 'No such option' }]) },
      }),
      /unknown label option/,
    );
  });

  it('two options on a single-select label are refused', async () => {
    const api = context.api();
    const b = await book(api);
    await expectInvalidInput(
      api.createObject({
        structureId: b.structure.id,
        properties: {
          [b.prop('Status').id]: labelValue([b.option('Status', 'Reading'), b.option('Status', 'Finished')]),
        },
      }),
      /single-select/,
    );
  });

  it('a property that is not writable, or not defined on the structure, is refused', async () => {
    const api = context.api();
    const weblink = await api.createWeblink({ url: 'https://example.com/a' });
    await expectInvalidInput(
      api.updateObject(weblink.id, { properties: { url: urlValue('https://example.com/b') } }),
      /not writable/,
    );
    await expectInvalidInput(
      api.createObject({ structureId: 'RootPage', properties: { rating: numberValue(3) } }),
      /not defined/,
    );
  });

  it('a value of another type than the definition is refused', async () => {
    await expectInvalidInput(
      context.api().createObject({ structureId: 'RootPage', properties: { title: textValue('not a title') } }),
    );
  });

  it('PATCH without properties and collections: refused locally; the server refuses it as cap_invalid_request', async () => {
    const api = context.api();
    const saved = await api.createObject({ structureId: 'RootPage', properties: {} });
    await expect(api.updateObject(saved.id, {})).rejects.toMatchObject({ kind: 'invalid_input', status: undefined });
    const response = await context.raw('PATCH', `/object?id=${saved.id}`, { body: {} });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'cap_invalid_request' });
  });

  it('an unknown structure id is refused; a structure without create support answers cap_unsupported', async () => {
    const api = context.api();
    await expectInvalidInput(api.createObject({ structureId: 'NoSuchStructure', properties: {} }));
    await expect(api.createObject({ structureId: 'RootDailyNote', properties: {} })).rejects.toMatchObject({
      kind: 'invalid_input',
      status: 400,
      code: 'cap_unsupported',
    });
  });
});

describe('collections', () => {
  it('an object joins a collection of its structure; PATCH replaces the list; [] leaves only the default database', async () => {
    const api = context.api();
    const [weblink] = (await api.getStructures()).filter((structure) => structure.id === 'MediaWebResource');
    const readingList = weblink?.collections.find((c) => c.title === 'Reading list')?.id ?? '';
    const research = weblink?.collections.find((c) => c.title === 'Research')?.id ?? '';
    const saved = await api.createWeblink({ url: 'https://example.com/c', collections: [readingList] });
    expect(saved.collections).toEqual([readingList]);
    await api.updateObject(saved.id, { collections: [research] });
    expect((await api.getObject(saved.id)).collections).toEqual([research]);
    await api.updateObject(saved.id, { collections: [] });
    expect((await api.getObject(saved.id)).collections).toEqual([]);
  });

  it('a collection of another structure is refused', async () => {
    const api = context.api();
    const structures = await api.getStructures();
    const shelf = structures.find((s) => s.title === 'Book')?.collections.find((c) => c.title === 'Shelf')?.id ?? '';
    await expectInvalidInput(api.createWeblink({ url: 'https://example.com/d', collections: [shelf] }));
  });

  it('a structure without collections refuses a collection change (cap_unsupported)', async () => {
    const api = context.api();
    const structures = await api.getStructures();
    const readingList = structures.find((s) => s.id === 'MediaWebResource')?.collections[0]?.id ?? '';
    const task = await api.createObject({ structureId: 'RootTask', properties: { title: titleValue('t') } });
    await expect(api.updateObject(task.id, { collections: [readingList] })).rejects.toMatchObject({
      kind: 'invalid_input',
      code: 'cap_unsupported',
    });
  });
});

describe('delete: trash and hardDelete', () => {
  it('DELETE moves the object to the trash: 404 on read, gone from listings and search', async () => {
    const api = context.api();
    const saved = await api.createObject({ structureId: 'RootPage', properties: { title: titleValue('Trash me zq') } });
    await api.deleteObject(saved.id);
    await expect(api.getObject(saved.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await api.search({ query: 'Trash me zq' })).toEqual([]);
    const listed: string[] = [];
    for await (const summary of api.iterateByStructure('RootPage')) listed.push(summary.id);
    expect(listed).not.toContain(saved.id);
    await expect(api.deleteObject(saved.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('hardDelete removes permanently, also an object already in the trash', async () => {
    const api = context.api();
    const first = await api.createObject({ structureId: 'RootPage', properties: {} });
    await api.deleteObject(first.id, { hardDelete: true });
    await expect(api.getObject(first.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(api.deleteObject(first.id, { hardDelete: true })).rejects.toBeInstanceOf(NotFoundError);

    const second = await api.createObject({ structureId: 'RootPage', properties: {} });
    await api.deleteObject(second.id);
    await api.deleteObject(second.id, { hardDelete: true });
    await expect(api.deleteObject(second.id, { hardDelete: true })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('objects of another space or unknown ids are NotFoundError', async () => {
    const [researchTag] = await context.api(TOKENS.research).search({ query: 'Applied', structureIds: ['RootTag'] });
    await expect(context.api().getObject(researchTag?.id ?? '')).rejects.toMatchObject({ code: 'cap_not_found' });
    await expect(context.api().getObject('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('POST /object/url', () => {
  it('returns the full created object: id, url, title, properties and notes from markdown', async () => {
    const api = context.api();
    const b = await api.getStructures();
    const weblink = b.find((s) => s.id === 'MediaWebResource');
    const status = weblink?.propertyDefinitions.find((d) => d.name === 'Status');
    const unreadOption = status?.labelSet?.find((o) => o.name === 'Unread');
    const unread = unreadOption?.id ?? '';
    const object = await api.createWeblink({
      url: 'https://example.com/article',
      properties: {
        title: titleValue('An article'),
        [status?.id ?? '']: labelValue([{ id: unread, name: unreadOption?.name ?? '' }]),
      },
      markdown: '> A quote\n\nMy **note**',
    });
    expect(object.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(object.structureId).toBe('MediaWebResource');
    expect(readUrl(object, 'url')).toBe('https://example.com/article');
    expect(readTitle(object)).toBe('An article');
    expect(readLabelIds(object, status?.id ?? '')).toEqual([unread]);
    expect(object.blocks?.notes?.length).toBeGreaterThan(0);
    expect(await api.getObjectMarkdown(object.id)).toContain('My **note**');
    await expect(api.getObject(object.id)).resolves.toMatchObject({ id: object.id });
  });

  it('an invalid url is refused locally, and by the server', async () => {
    await expect(context.api().createWeblink({ url: 'not a url' })).rejects.toMatchObject({
      kind: 'invalid_input',
      status: undefined,
    });
    const response = await context.raw('POST', '/object/url', { body: { url: 'not a url' } });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'cap_invalid_input' });
  });
});

describe('Markdown in and out', () => {
  it('POST /object/markdown creates a page titled by the first heading; GET /object/markdown returns the body', async () => {
    const api = context.api();
    const markdown = '# Field notes\n\n- one\n- two\n\n```ts\nconst a = 1;\n```\n';
    const saved = await api.createObjectFromMarkdown({ markdown });
    expect(saved.object?.structureId).toBe('RootPage');
    expect(readTitle(saved.object ?? { properties: {} })).toBe('Field notes');
    const exported = await api.getObjectMarkdown(saved.id);
    expect(exported).toContain('# Field notes');
    expect(exported).toContain('- one');
    expect(exported).toContain('const a = 1;');
  });

  it('takes an explicit title, structure and collection; without a heading the title is Untitled', async () => {
    const api = context.api();
    const structures = await api.getStructures();
    const bookStructure = structures.find((s) => s.title === 'Book');
    const shelf = bookStructure?.collections.find((c) => c.title === 'Shelf')?.id ?? '';
    const saved = await api.createObjectFromMarkdown({
      markdown: 'Plain text',
      title: 'Given title',
      structureId: bookStructure?.id ?? '',
      collections: [shelf],
    });
    const object = await api.getObject(saved.id);
    expect(readTitle(object)).toBe('Given title');
    expect(object.structureId).toBe(bookStructure?.id);
    expect(object.collections).toEqual([shelf]);
    const untitled = await api.createObjectFromMarkdown({ markdown: 'no heading here' });
    expect(readTitle(await api.getObject(untitled.id))).toBe('Untitled');
  });

  it('GET /object/markdown of an unknown object is NotFoundError', async () => {
    await expect(context.api().getObjectMarkdown('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
