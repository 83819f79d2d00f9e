// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../tests/emulator/seed.ts';
import { type RunningEmulator, startEmulator } from '../../tests/emulator/server.ts';
import { labelValue, textValue } from '../api';
import {
  appendClip,
  ascending,
  clock,
  createHarness,
  dailyNoteClip,
  entityIds,
  existingTag,
  type Harness,
  markdownOf,
  newTag,
  objectsOf,
  occurrences,
  positions,
  processed,
  START,
  tagsTitled,
  type Worker,
  weblinkClip,
  weblinksOf,
} from './testing/harness';

let emulator: RunningEmulator;
let harness: Harness;
let worker: Worker;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, now: () => clock.now, dailyNoteDelayMs: 5 });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  clock.now = START;
  emulator.reset();
  harness = createHarness(emulator);
  worker = await harness.startWorker();
});

const status = DEMO.properties.weblink.status;

describe('a page or link clip', () => {
  it('lands as one weblink with its title, URL, tags, properties, collection and notes', async () => {
    const made = await worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({
        url: 'https://example.com/article',
        title: 'An article worth keeping',
        tags: [existingTag(DEMO.tags.reading, 'Reading'), existingTag(DEMO.tags.design, 'Design')],
        properties: { [status]: labelValue([DEMO.labels.weblinkStatus.unread]), description: textValue('Short.') },
        collections: [DEMO.collections.readingList],
        notes: ['> The quoted paragraph.'],
      }),
    );
    await harness.settle(worker);

    const [weblink, ...others] = await weblinksOf(emulator, 'https://example.com/article');
    expect(others).toEqual([]);
    expect(weblink?.title).toBe('An article worth keeping');
    expect(entityIds(weblink, 'tags')).toEqual([DEMO.tags.reading, DEMO.tags.design]);
    expect(weblink?.properties[status]).toMatchObject({ label: [{ id: DEMO.labels.weblinkStatus.unread }] });
    expect(weblink?.properties.description).toMatchObject({ text: { value: 'Short.' } });
    expect(weblink?.collections).toEqual([DEMO.collections.readingList]);
    expect(await markdownOf(emulator, weblink?.id ?? '')).toBe('> The quoted paragraph.');
    expect(harness.landed).toMatchObject([
      { id: made.id, kind: 'page', title: 'An article worth keeping', objectId: weblink?.id },
    ]);
    expect(await worker.outbox.list()).toEqual([]);
  });

  it('creates a new tag once, and reuses a tag that already has that name in any case', async () => {
    await worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({
        url: 'https://example.com/tagged',
        tags: [newTag('reading'), newTag('Fresh topic'), newTag(' fresh TOPIC '), newTag('  ')],
      }),
    );
    await harness.settle(worker);

    const [created, ...duplicates] = await tagsTitled(emulator, 'Fresh topic');
    expect(duplicates).toEqual([]);
    expect(await tagsTitled(emulator, 'reading')).toEqual([]);
    expect(await processed(emulator, 'POST /object')).toBe(1);
    const [weblink] = await weblinksOf(emulator, 'https://example.com/tagged');
    expect(entityIds(weblink, 'tags')).toEqual([DEMO.tags.reading, created?.id]);
  });

  it('creates a new tag once when two clips that both need it are sent at the same time', async () => {
    for (const url of ['https://example.com/first', 'https://example.com/second', 'https://example.com/third']) {
      await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url, tags: [newTag('Shared new tag')] }));
    }
    await harness.settle(worker);

    const tags = await tagsTitled(emulator, 'Shared new tag');
    expect(tags).toHaveLength(1);
    for (const url of ['https://example.com/first', 'https://example.com/second', 'https://example.com/third']) {
      expect(entityIds((await weblinksOf(emulator, url))[0], 'tags')).toEqual([tags[0]?.id]);
    }
  });

  it('creates tags whose names are also names of object members', async () => {
    await worker.outbox.enqueue(
      DEMO.spaceId,
      weblinkClip({ url: 'https://example.com/js', tags: [newTag('Constructor'), newTag('__proto__')] }),
    );
    await harness.settle(worker);

    const constructorTag = await tagsTitled(emulator, 'Constructor');
    const protoTag = await tagsTitled(emulator, '__proto__');
    expect(constructorTag).toHaveLength(1);
    expect(protoTag).toHaveLength(1);
    const [weblink] = await weblinksOf(emulator, 'https://example.com/js');
    expect(entityIds(weblink, 'tags')).toEqual([constructorTag[0]?.id, protoTag[0]?.id]);
  });

  it('sends notes larger than one part with the weblink first, then appends the rest in order', async () => {
    const notes = ['First part of the notes.', 'Second part of the notes.', 'Third part of the notes.'];
    await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/long', notes }));
    await harness.settle(worker);

    const [weblink] = await weblinksOf(emulator, 'https://example.com/long');
    const body = await markdownOf(emulator, weblink?.id ?? '');
    expect(notes.map((part) => occurrences(body, part))).toEqual([1, 1, 1]);
    expect(positions(body, notes)).toEqual(ascending(positions(body, notes)));
    expect(await processed(emulator, 'POST /blocks/markdown/append')).toBe(2);
  });

  it('saves a clip without a title under its URL', async () => {
    await worker.outbox.enqueue(DEMO.spaceId, weblinkClip({ url: 'https://example.com/untitled', title: ' ' }));
    await harness.settle(worker);
    expect((await weblinksOf(emulator, 'https://example.com/untitled'))[0]?.title).toBe('https://example.com/untitled');
    expect(harness.landed[0]?.title).toBe('https://example.com/untitled');
  });
});

describe('a daily-note clip', () => {
  it('appends its parts in order to the note of its date, creating the note, without a timestamp', async () => {
    const parts = ['Morning thought.', 'Second half of the selection.'];
    await worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2026-03-01', parts, { noTimeStamp: true }));
    await harness.settle(worker);

    const notes = (await objectsOf(emulator, 'RootDailyNote')).filter((note) => note.title === '2026-03-01');
    expect(notes).toHaveLength(1);
    expect(await markdownOf(emulator, notes[0]?.id ?? '')).toBe('Morning thought.\n\nSecond half of the selection.');
    expect(harness.landed).toMatchObject([{ kind: 'daily-note', sourceUrl: 'https://example.com/source' }]);
  });

  it('appends to the note of an earlier day that exists, with a timestamp heading first', async () => {
    await worker.outbox.enqueue(DEMO.spaceId, dailyNoteClip('2024-06-12', ['Late addition.'], { noTimeStamp: false }));
    await harness.settle(worker);

    const body = await markdownOf(emulator, DEMO.dailyNotes['2024-06-12']);
    expect(body.endsWith('### 10:00\n\nLate addition.')).toBe(true);
  });
});

describe('an append clip', () => {
  it('appends its parts in order at the end of the existing object', async () => {
    const before = await markdownOf(emulator, DEMO.pages.welcome);
    const parts = ['Appended one.', 'Appended two.'];
    const made = await worker.outbox.enqueue(DEMO.spaceId, appendClip(DEMO.pages.welcome, parts));
    await harness.settle(worker);

    expect(await markdownOf(emulator, DEMO.pages.welcome)).toBe(`${before}\n\nAppended one.\n\nAppended two.`);
    expect(harness.landed).toMatchObject([{ id: made.id, kind: 'append', objectId: DEMO.pages.welcome }]);
  });
});
