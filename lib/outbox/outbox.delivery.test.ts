// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../tests/emulator/seed.ts';
import {
  addFault,
  appendClip,
  ascending,
  clock,
  dailyNoteClip,
  entityIds,
  existingTag,
  markdownOf,
  newTag,
  objectsOf,
  occurrences,
  outboxSuite,
  positions,
  processed,
  tagsTitled,
  weblinkClip,
  weblinksOf,
} from '../../tests/support/outbox-harness';
import { createPacer, labelValue, textValue } from '../api';

const suite = outboxSuite();

const status = DEMO.properties.weblink.status;

describe('a page or link clip', () => {
  it('lands as one weblink with its title, URL, tags, properties, collection and notes', async () => {
    const made = await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({
        url: 'https://example.com/article',
        title: 'An article worth keeping',
        tags: [existingTag(DEMO.tags.reading, 'Reading'), existingTag(DEMO.tags.design, 'Design')],
        properties: {
          [status]: labelValue([{ id: DEMO.labels.weblinkStatus.unread, name: 'Unread' }]),
          description: textValue('Short.'),
        },
        collections: [DEMO.collections.readingList],
        notes: ['> The quoted paragraph.'],
      }),
    );
    await suite.harness.settle(suite.worker);

    const [weblink, ...others] = await weblinksOf(suite.emulator, 'https://example.com/article');
    expect(others).toEqual([]);
    expect(weblink?.title).toBe('An article worth keeping');
    expect(entityIds(weblink, 'tags')).toEqual([DEMO.tags.reading, DEMO.tags.design]);
    expect(weblink?.properties[status]).toMatchObject({ label: [{ id: DEMO.labels.weblinkStatus.unread }] });
    expect(weblink?.properties.description).toMatchObject({ text: { value: 'Short.' } });
    expect(weblink?.collections).toEqual([DEMO.collections.readingList]);
    expect(await markdownOf(suite.emulator, weblink?.id ?? '')).toBe('> The quoted paragraph.');
    expect(suite.harness.landed).toMatchObject([
      { id: made.id, kind: 'page', title: 'An article worth keeping', objectId: weblink?.id },
    ]);
    expect(await suite.worker.outbox.list()).toEqual([]);
    // The server applied everything it was sent: no second request.
    expect(suite.worker.sent).toEqual([{ method: 'POST', path: '/object/url' }]);
  });

  it('a server that refuses tags, properties and collection on the create gets them with one PATCH, and is remembered to want that', async () => {
    await addFault(suite.emulator, { method: 'POST', path: '/object/url', status: 400, times: 1 });
    const clip = (url: string) =>
      weblinkClip({
        url,
        tags: [existingTag(DEMO.tags.reading, 'Reading')],
        properties: { [status]: labelValue([{ id: DEMO.labels.weblinkStatus.unread, name: 'Unread' }]) },
        collections: [DEMO.collections.readingList],
      });
    await suite.worker.outbox.enqueue(DEMO.spaceId, clip('https://example.com/refused-form'));
    await suite.harness.settle(suite.worker);
    await suite.worker.outbox.enqueue(DEMO.spaceId, clip('https://example.com/refused-form-again'));
    await suite.harness.settle(suite.worker);

    for (const url of ['https://example.com/refused-form', 'https://example.com/refused-form-again']) {
      const [weblink, ...others] = await weblinksOf(suite.emulator, url);
      expect(others).toEqual([]);
      expect(entityIds(weblink, 'tags')).toEqual([DEMO.tags.reading]);
      expect(weblink?.properties[status]).toMatchObject({ label: [{ id: DEMO.labels.weblinkStatus.unread }] });
      expect(weblink?.collections).toEqual([DEMO.collections.readingList]);
    }
    expect(suite.worker.sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /object/url',
      'POST /object/url',
      'PATCH /object',
      // Known now: the reduced form at once, the rest with PATCH.
      'POST /object/url',
      'PATCH /object',
    ]);
  });

  it('a clip goes in the same drain it was made in when the pacer finds its endpoints free', async () => {
    // The pacer's clock runs on between the outbox reading the time and asking it: a free endpoint
    // must not read as due a moment later (the popup then said "Queued" for a clip about to land).
    let ticks = 0;
    const pacer = createPacer({ now: () => clock.now + ++ticks });
    const worker = await suite.harness.startWorker({
      endpointReadyAt: (spaceId, endpoint) => pacer.readyAt(`${spaceId} ${endpoint}`),
    });
    await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/free-endpoint' }));
    await worker.outbox.drain();
    expect(await weblinksOf(suite.emulator, 'https://example.com/free-endpoint')).toHaveLength(1);
    expect(await worker.outbox.list()).toEqual([]);
  });

  it('creates a new tag once, and reuses a tag that already has that name in any case', async () => {
    await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({
        url: 'https://example.com/tagged',
        tags: [newTag('reading'), newTag('Fresh topic'), newTag(' fresh TOPIC '), newTag('  ')],
      }),
    );
    await suite.harness.settle(suite.worker);

    const [created, ...duplicates] = await tagsTitled(suite.emulator, 'Fresh topic');
    expect(duplicates).toEqual([]);
    expect(await tagsTitled(suite.emulator, 'reading')).toEqual([]);
    expect(await processed(suite.emulator, 'POST /object')).toBe(1);
    const [weblink] = await weblinksOf(suite.emulator, 'https://example.com/tagged');
    expect(entityIds(weblink, 'tags')).toEqual([DEMO.tags.reading, created?.id]);
  });

  it('creates a new tag once when two clips that both need it are sent at the same time', async () => {
    for (const url of ['https://example.com/first', 'https://example.com/second', 'https://example.com/third']) {
      await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, tags: [newTag('Shared new tag')] }));
    }
    await suite.harness.settle(suite.worker);

    const tags = await tagsTitled(suite.emulator, 'Shared new tag');
    expect(tags).toHaveLength(1);
    for (const url of ['https://example.com/first', 'https://example.com/second', 'https://example.com/third']) {
      expect(entityIds((await weblinksOf(suite.emulator, url))[0], 'tags')).toEqual([tags[0]?.id]);
    }
  });

  it('creates tags whose names are also names of object members', async () => {
    await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/js', tags: [newTag('Constructor'), newTag('__proto__')] }),
    );
    await suite.harness.settle(suite.worker);

    const constructorTag = await tagsTitled(suite.emulator, 'Constructor');
    const protoTag = await tagsTitled(suite.emulator, '__proto__');
    expect(constructorTag).toHaveLength(1);
    expect(protoTag).toHaveLength(1);
    const [weblink] = await weblinksOf(suite.emulator, 'https://example.com/js');
    expect(entityIds(weblink, 'tags')).toEqual([constructorTag[0]?.id, protoTag[0]?.id]);
  });

  it('sends notes larger than one part with the weblink first, then appends the rest in order', async () => {
    const notes = ['First part of the notes.', 'Second part of the notes.', 'Third part of the notes.'];
    await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/long', notes }));
    await suite.harness.settle(suite.worker);

    const [weblink] = await weblinksOf(suite.emulator, 'https://example.com/long');
    const body = await markdownOf(suite.emulator, weblink?.id ?? '');
    expect(notes.map((part) => occurrences(body, part))).toEqual([1, 1, 1]);
    expect(positions(body, notes)).toEqual(ascending(positions(body, notes)));
    expect(await processed(suite.emulator, 'POST /blocks/markdown/append')).toBe(2);
  });

  it('saves a clip without a title under its URL', async () => {
    await suite.worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/untitled', title: ' ' }));
    await suite.harness.settle(suite.worker);
    expect((await weblinksOf(suite.emulator, 'https://example.com/untitled'))[0]?.title).toBe(
      'https://example.com/untitled',
    );
    expect(suite.harness.landed[0]?.title).toBe('https://example.com/untitled');
  });
});

describe('a daily-note clip', () => {
  it('appends its parts in order to the note of its date, creating the note, without a timestamp', async () => {
    const parts = ['Morning thought.', 'Second half of the selection.'];
    await suite.worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2026-03-01', parts, { noTimeStamp: true }));
    await suite.harness.settle(suite.worker);

    const notes = (await objectsOf(suite.emulator, 'RootDailyNote')).filter((note) => note.title === '2026-03-01');
    expect(notes).toHaveLength(1);
    expect(await markdownOf(suite.emulator, notes[0]?.id ?? '')).toBe(
      'Morning thought.\n\nSecond half of the selection.',
    );
    expect(suite.harness.landed).toMatchObject([{ kind: 'daily-note', sourceUrl: 'https://example.com/source' }]);
  });

  it('appends to the note of an earlier day that exists, with a timestamp heading first', async () => {
    await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      dailyNoteClip('2024-06-12', ['Late addition.'], { noTimeStamp: false }),
    );
    await suite.harness.settle(suite.worker);

    const body = await markdownOf(suite.emulator, DEMO.dailyNotes['2024-06-12']);
    expect(body.endsWith('### 10:00\n\nLate addition.')).toBe(true);
  });
});

describe('an append clip', () => {
  it('appends its parts in order at the end of the existing object', async () => {
    const before = await markdownOf(suite.emulator, DEMO.pages.welcome);
    const parts = ['Appended one.', 'Appended two.'];
    const made = await suite.worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.welcome, parts));
    await suite.harness.settle(suite.worker);

    expect(await markdownOf(suite.emulator, DEMO.pages.welcome)).toBe(`${before}\n\nAppended one.\n\nAppended two.`);
    expect(suite.harness.landed).toMatchObject([{ id: made.id, kind: 'append', objectId: DEMO.pages.welcome }]);
  });
});
