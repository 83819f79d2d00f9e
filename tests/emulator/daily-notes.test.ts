import { describe, expect, it } from 'vitest';
import { applyDailyNoteJob, type DailyNoteJob, DailyNoteQueue, parseDailyNoteRequest } from './daily-notes.ts';
import type { ApiError } from './errors.ts';
import { objectMarkdown } from './objects.ts';
import { DEMO, dailyNoteIdFor } from './seed.ts';
import { seededStore, TEST_NOW } from './testing.ts';

const space = DEMO.spaceId;

describe('daily-note appends', () => {
  it('default to today (UTC, emulator clock) and add a timestamp heading', () => {
    const store = seededStore(Date.UTC(2025, 0, 15, 9, 5, 30));
    const job = parseDailyNoteRequest(store, space, { markdown: 'Clipped **text**' }, false);
    expect(job.day).toBe('2025-01-15');
    applyDailyNoteJob(store, job);
    const note = store.requireObject(space, dailyNoteIdFor(space, '2025-01-15'));
    expect(objectMarkdown(store, note).markdown).toBe('### 09:05\n\nClipped **text**');
    expect(note.properties.date).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: '2025-01-15T00:00:00.000Z', end: null },
    });
  });

  it('append to an existing note and skip the timestamp on request', () => {
    const store = seededStore();
    const job = parseDailyNoteRequest(
      store,
      space,
      { markdown: 'More', date: '2024-06-12T00:00:00.000Z', noTimeStamp: true },
      true,
    );
    applyDailyNoteJob(store, job);
    const note = store.requireObject(space, DEMO.dailyNotes['2024-06-12']);
    expect(objectMarkdown(store, note).markdown.endsWith('_The Pragmatic Programmer_.\n\nMore')).toBe(true);
  });

  it('create a new note when the day’s note is in the trash', () => {
    const store = seededStore();
    const trashed = store.requireObject(space, DEMO.dailyNotes['2024-06-10']);
    trashed.trashedAt = TEST_NOW;
    applyDailyNoteJob(
      store,
      parseDailyNoteRequest(store, space, { markdown: 'x', date: '2024-06-10T00:00:00.000Z' }, false),
    );
    const notes = store
      .liveObjects(space)
      .filter(
        (obj) =>
          obj.structureId === 'RootDailyNote' &&
          obj.properties.title?.type === 'title' &&
          obj.properties.title.title.value === '2024-06-10',
      );
    expect(notes).toHaveLength(1);
    expect(notes[0]?.id).not.toBe(trashed.id);
  });

  it('are validated before queueing', () => {
    const store = seededStore();
    const attempt = (body: unknown, markdownOnly = false) => {
      try {
        parseDailyNoteRequest(store, space, body, markdownOnly);
        return 'ok';
      } catch (error) {
        return (error as ApiError).code;
      }
    };
    expect(attempt({ markdown: 'x', blocks: [] })).toBe('cap_invalid_request');
    expect(attempt({})).toBe('cap_invalid_request');
    expect(attempt({ blocks: 'nope' })).toBe('cap_invalid_input');
    expect(attempt({ markdown: 'x', date: '2024-06-10T12:00:00.000Z' })).toBe('cap_invalid_input');
    expect(attempt({ blocks: [] }, true)).toBe('cap_invalid_request');
    expect(attempt({ markdown: 'x', noTimeStamp: 'yes' })).toBe('cap_invalid_request');
  });
});

describe('daily-note queue', () => {
  it('applies one key’s jobs in arrival order even when the delay shrinks', async () => {
    const applied: string[] = [];
    const queue = new DailyNoteQueue((job) => applied.push(job.day), 30);
    const job = (day: string) => ({ day }) as DailyNoteJob;
    queue.enqueue('token', job('first'));
    queue.delayMs = 0;
    queue.enqueue('token', job('second'));
    queue.enqueue('other', job('other'));
    expect(queue.pending).toBe(3);
    await queue.idle();
    expect(applied.indexOf('first')).toBeLessThan(applied.indexOf('second'));
    expect(queue.pending).toBe(0);
  });

  it('drops queued jobs on clear', async () => {
    const applied: string[] = [];
    const queue = new DailyNoteQueue((job) => applied.push(job.day), 10);
    queue.enqueue('token', { day: 'x' } as DailyNoteJob);
    queue.clear();
    await queue.idle();
    expect(applied).toEqual([]);
  });
});
