import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { createObject, patchObject, renderObject } from './objects.ts';
import { isCanonicalDay, validatePropertyWrites } from './property-values.ts';
import { DEMO, RESEARCH, researchTagId } from './seed.ts';
import { STRUCTURE } from './structures.ts';
import { seededStore } from './testing.ts';

const space = DEMO.spaceId;

function structure(id: string) {
  const found = seededStore().structure(space, id);
  if (!found) throw new Error(id);
  return found;
}

function rejects(fn: () => unknown, code: string, message?: RegExp) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    if (message) expect((error as ApiError).message).toMatch(message);
    return;
  }
  throw new Error('expected an ApiError');
}

describe('property writes', () => {
  const store = seededStore();
  const lookup = store.entityLookup(space);
  const weblink = structure(STRUCTURE.weblink);
  const book = structure(DEMO.structures.book);
  const wp = DEMO.properties.weblink;
  const bp = DEMO.properties.book;

  it('accepts every writable property type in the documented shapes', () => {
    const values = validatePropertyWrites(
      weblink,
      {
        title: { type: 'title', title: { value: 'A page' } },
        description: { type: 'text', text: { value: 'About it' } },
        tags: { type: 'entity', entity: [{ id: DEMO.tags.reading }, { id: DEMO.tags.reading }] },
        [wp.status]: { type: 'label', label: [{ id: DEMO.labels.weblinkStatus.done, name: 'ignored' }] },
        [wp.topics]: {
          type: 'label',
          label: [{ id: DEMO.labels.weblinkTopics.docs }, { id: DEMO.labels.weblinkTopics.news }],
        },
        [wp.readOn]: { type: 'date', date: { start: '2024-05-01T00:00:00.000Z' } },
        [wp.rating]: { type: 'number', number: { value: 4.5 } },
        [wp.favourite]: { type: 'boolean', boolean: { value: true } },
        [wp.source]: { type: 'url', url: { value: 'https://example.com/' } },
      },
      lookup,
    );
    expect(values.tags).toEqual({ type: 'entity', entity: [{ id: DEMO.tags.reading }] });
    expect(values[wp.readOn]).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: '2024-05-01T00:00:00.000Z', end: null },
    });
    expect(values[wp.status]).toEqual({ type: 'label', label: [{ id: DEMO.labels.weblinkStatus.done }] });
  });

  it('refuses properties that are not defined or not writable, naming them', () => {
    rejects(
      () => validatePropertyWrites(weblink, { nope: { type: 'text', text: { value: 'x' } } }, lookup),
      'cap_invalid_input',
      /'nope'/,
    );
    rejects(
      () => validatePropertyWrites(weblink, { url: { type: 'url', url: { value: 'https://x.y/' } } }, lookup),
      'cap_invalid_input',
      /'url'.*not writable/,
    );
    rejects(
      () =>
        validatePropertyWrites(
          weblink,
          { createdAt: { type: 'createdAt', createdAt: { value: '2024-01-01T00:00:00.000Z' } } },
          lookup,
        ),
      'cap_invalid_input',
      /not writable/,
    );
  });

  it('checks that the value type matches the definition', () => {
    rejects(
      () => validatePropertyWrites(weblink, { title: { type: 'text', text: { value: 'x' } } }, lookup),
      'cap_invalid_input',
      /type 'title'/,
    );
    rejects(
      () => validatePropertyWrites(weblink, { title: { type: 'title', title: 'bare' } }, lookup),
      'cap_invalid_input',
    );
    rejects(
      () => validatePropertyWrites(weblink, { [wp.rating]: { type: 'number', number: { value: '4' } } }, lookup),
      'cap_invalid_input',
    );
    rejects(
      () => validatePropertyWrites(weblink, { [wp.source]: { type: 'url', url: { value: 'not a url' } } }, lookup),
      'cap_invalid_input',
    );
    rejects(() => validatePropertyWrites(weblink, 'nope', lookup), 'cap_invalid_request');
  });

  it('requires canonical UTC midnight for day dates and shows the expected form', () => {
    for (const start of [
      '2024-05-01',
      '2024-05-01T00:00:00Z',
      '2024-05-01T02:00:00.000+02:00',
      '2024-02-30T00:00:00.000Z',
    ]) {
      rejects(
        () =>
          validatePropertyWrites(
            weblink,
            { [wp.readOn]: { type: 'date', date: { dateResolution: 'day', start } } },
            lookup,
          ),
        'cap_invalid_input',
        /YYYY-MM-DDT00:00:00\.000Z/,
      );
    }
    expect(isCanonicalDay('2024-02-29T00:00:00.000Z')).toBe(true);
  });

  it('accepts any ISO 8601 date-time with a zone for time dates and normalises it to UTC', () => {
    const values = validatePropertyWrites(
      book,
      { [bp.lastOpened]: { type: 'date', date: { start: '2024-05-01T14:30:00+02:00', end: '2024-05-01T15:00:00Z' } } },
      lookup,
    );
    expect(values[bp.lastOpened]).toEqual({
      type: 'date',
      date: { dateResolution: 'time', start: '2024-05-01T12:30:00.000Z', end: '2024-05-01T15:00:00.000Z' },
    });
    rejects(
      () =>
        validatePropertyWrites(
          book,
          { [bp.lastOpened]: { type: 'date', date: { start: '2024-05-01T14:30:00' } } },
          lookup,
        ),
      'cap_invalid_input',
    );
  });

  it('clears with null start and with empty arrays', () => {
    const values = validatePropertyWrites(
      weblink,
      {
        [wp.readOn]: { type: 'date', date: { start: null } },
        tags: { type: 'entity', entity: [] },
        [wp.topics]: { type: 'label', label: [] },
        description: { type: 'text', text: { value: null } },
      },
      lookup,
    );
    expect(values.tags).toEqual({ type: 'entity', entity: [] });
    expect(values[wp.topics]).toEqual({ type: 'label', label: [] });
  });

  it('validates label options and single-select cardinality', () => {
    rejects(
      () => validatePropertyWrites(weblink, { [wp.status]: { type: 'label', label: [{ id: 'unknown' }] } }, lookup),
      'cap_invalid_input',
      /unknown label option/,
    );
    rejects(
      () =>
        validatePropertyWrites(
          weblink,
          {
            [wp.status]: {
              type: 'label',
              label: [{ id: DEMO.labels.weblinkStatus.done }, { id: DEMO.labels.weblinkStatus.unread }],
            },
          },
          lookup,
        ),
      'cap_invalid_input',
      /single-select/,
    );
  });

  it('validates entity targets: existence, space, structure and trash', () => {
    rejects(
      () => validatePropertyWrites(weblink, { tags: { type: 'entity', entity: [{ id: DEMO.pages.welcome }] } }, lookup),
      'cap_invalid_input',
      /RootTag/,
    );
    rejects(
      () => validatePropertyWrites(weblink, { tags: { type: 'entity', entity: [{ id: researchTagId(1) }] } }, lookup),
      'cap_invalid_input',
      /no object/,
    );
    const related = validatePropertyWrites(
      book,
      { [bp.related]: { type: 'entity', entity: [{ id: DEMO.pages.welcome }, { id: DEMO.books.ddia }] } },
      lookup,
    );
    expect(related[bp.related]).toBeDefined();
    rejects(
      () =>
        validatePropertyWrites(
          book,
          { [bp.related]: { type: 'entity', entity: [{ id: DEMO.tasks.planDemo }] } },
          lookup,
        ),
      'cap_invalid_input',
    );
    const trashStore = seededStore();
    const tag = trashStore.requireObject(space, DEMO.tags.cooking);
    tag.trashedAt = 1;
    rejects(
      () =>
        validatePropertyWrites(
          weblink,
          { tags: { type: 'entity', entity: [{ id: DEMO.tags.cooking }] } },
          trashStore.entityLookup(space),
        ),
      'cap_invalid_input',
    );
  });
});

describe('objects', () => {
  it('creates with a default title and renders every defined property', () => {
    const store = seededStore();
    const obj = createObject(store, space, {
      structureId: STRUCTURE.task,
      properties: { status: { type: 'label', label: [{ id: DEMO.labels.taskStatus.blocked }] } },
    });
    const rendered = renderObject(store, obj, 'http://x');
    expect(rendered.properties.title).toEqual({ type: 'title', title: { value: 'Untitled' } });
    expect(rendered.properties.status).toEqual({
      type: 'label',
      label: [{ id: DEMO.labels.taskStatus.blocked, name: 'Blocked', color: 'red' }],
    });
    expect(rendered.properties.dueDate).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: null, end: null },
    });
    expect(rendered.blocks).toEqual({ content: [] });
  });

  it('PATCH changes only the sent keys and validates before changing anything', () => {
    const store = seededStore();
    const id = DEMO.weblinks.mdn;
    patchObject(store, space, id, { properties: { description: { type: 'text', text: { value: 'New' } } } });
    const after = renderObject(store, store.requireObject(space, id), 'http://x');
    expect(after.properties.description).toEqual({ type: 'text', text: { value: 'New' } });
    expect(after.properties.title).toEqual({ type: 'title', title: { value: 'MDN Web Docs' } });
    expect(after.collections).toEqual([DEMO.collections.readingList]);
    rejects(
      () =>
        patchObject(store, space, id, {
          properties: { title: { type: 'title', title: { value: 'X' } } },
          collections: [DEMO.collections.shelf],
        }),
      'cap_invalid_input',
      /not a collection of Weblink/,
    );
    expect(renderObject(store, store.requireObject(space, id), 'http://x').properties.title).toEqual({
      type: 'title',
      title: { value: 'MDN Web Docs' },
    });
    rejects(() => patchObject(store, space, id, {}), 'cap_invalid_request');
  });

  it('applies the collection rules', () => {
    const store = seededStore();
    const book = createObject(store, space, {
      structureId: DEMO.structures.book,
      collections: [DEMO.collections.shelf],
    });
    expect(book.collections).toEqual([DEMO.collections.shelf]);
    patchObject(store, space, book.id, { collections: [] });
    expect(book.collections).toEqual([]);
    rejects(
      () => createObject(store, space, { structureId: STRUCTURE.tag, collections: [DEMO.collections.projects] }),
      'cap_unsupported',
    );
    expect(createObject(store, space, { structureId: STRUCTURE.tag, collections: [] }).collections).toEqual([]);
    rejects(
      () => createObject(store, space, { structureId: STRUCTURE.page, collections: [RESEARCH.collections.papers] }),
      'cap_invalid_input',
    );
    rejects(
      () => createObject(store, space, { structureId: STRUCTURE.weblink }),
      'cap_unsupported',
      /POST \/object\/url/,
    );
    rejects(() => createObject(store, space, { structureId: 'Nope' }), 'cap_invalid_input');
  });
});
