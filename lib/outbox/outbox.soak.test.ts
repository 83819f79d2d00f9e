// @vitest-environment node
import { openDB } from 'idb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO } from '../../tests/emulator/seed.ts';
import { type RunningEmulator, startEmulator } from '../../tests/emulator/server.ts';
import {
  addFault,
  appendClip,
  ascending,
  clearFaults,
  clock,
  createHarness,
  dailyNoteClip,
  existingTag,
  markdownOf,
  newTag,
  objectsOf,
  occurrences,
  positions,
  START,
  seededRandom,
  tagsTitled,
  weblinkClip,
  weblinksOf,
} from '../../tests/support/outbox-harness';
import type { ClipPayload } from '../clips/registry';
import type { WeblinkClip } from '../clips/weblink';
import { DB_NAME, DB_VERSION, type Db } from '../db/schema';

/** Fixed seeds: a failure replays the same faults, jitter and restarts. */
const FAULT_SEED = 4711;
const CLIPS = 100;
const WORKERS = 5;

let emulator: RunningEmulator;

beforeAll(async () => {
  clock.now = START;
  emulator = await startEmulator({ port: 0, now: () => clock.now, dailyNoteDelayMs: 2, seed: FAULT_SEED });
});
afterAll(() => emulator.close());

const pad = (i: number) => String(i).padStart(3, '0');
const DAYS = ['2026-03-01', '2026-03-02'];
const PAGES = [DEMO.pages.empty, DEMO.pages.projectIdeas];
const SHARED_TAGS = ['Soak shared zero', 'Soak shared one', 'Soak shared two'];

/** A mix of every kind of clip, with texts that can be counted and ordered on the server. */
function soakClip(i: number): ClipPayload {
  switch (i % 4) {
    case 0:
      return weblinkClip({
        url: `https://soak.example/page/${pad(i)}`,
        title: `Soak page ${pad(i)}`,
        tags: [newTag(SHARED_TAGS[i % 3] ?? ''), existingTag(DEMO.tags.reading, 'Reading')],
        notes: [`Soak note ${pad(i)} first.`, `Soak note ${pad(i)} second.`],
      });
    case 1:
      return dailyNoteClip(DAYS[i % 2] ?? '', [`Soak daily ${pad(i)} alpha.`, `Soak daily ${pad(i)} beta.`]);
    case 2:
      return appendClip(PAGES[i % 2] ?? '', [`Soak append ${pad(i)} alpha.`]);
    default:
      return weblinkClip({ kind: 'link', url: `https://soak.example/link/${pad(i)}`, title: `Soak link ${pad(i)}` });
  }
}

const isWeblinkClip = (clip: ClipPayload): clip is WeblinkClip => clip.kind === 'page' || clip.kind === 'link';

function texts(clip: ClipPayload): string[] {
  if (isWeblinkClip(clip)) return clip.notes;
  return 'parts' in clip ? clip.parts : [];
}

it('lands about a hundred clips exactly once through random faults and worker restarts', async () => {
  await addFault(emulator, { drop: 'before', probability: 0.2 });
  await addFault(emulator, { drop: 'after', probability: 0.1 });
  await addFault(emulator, { status: 500, probability: 0.1 });
  await addFault(emulator, { status: 429, headers: { 'Retry-After': '1' }, probability: 0.1 });

  const harness = createHarness(emulator);
  const restartAfter = seededRandom(99);
  const clips = Array.from({ length: CLIPS }, (_, i) => soakClip(i));
  const perWorker = Math.ceil(CLIPS / WORKERS);
  let stoppedMidDrain = 0;
  for (let w = 0; w < WORKERS; w += 1) {
    const last = w === WORKERS - 1;
    // Every worker but the last is stopped after a random number of requests, mid-drain.
    const worker = await harness.startWorker({
      random: seededRandom(w),
      ...(last ? {} : { stopAfterRequests: 20 + Math.floor(restartAfter() * 60) }),
    });
    for (const clip of clips.slice(w * perWorker, (w + 1) * perWorker)) await worker.outbox.enqueue(DEMO.spaceId, clip);
    const outcome = await harness.settle(worker, 2_000);
    if (!last) {
      if (outcome === 'stopped') stoppedMidDrain += 1;
      await worker.stop();
      continue;
    }
    await clearFaults(emulator);
    await harness.settle(worker);
    expect(await worker.outbox.list()).toEqual([]);
    expect(harness.failed).toEqual([]);
    expect(await worker.outbox.history()).toHaveLength(CLIPS);
  }

  expect(stoppedMidDrain).toBe(WORKERS - 1);

  const connection = (await openDB(DB_NAME, DB_VERSION)) as unknown as Db;
  expect(await connection.getAll('outbox')).toEqual([]);
  connection.close();

  // Exactly one weblink per page or link clip, with its notes once each, in order.
  const weblinks = (await objectsOf(emulator, 'MediaWebResource')).filter((o) => o.title.startsWith('Soak '));
  const weblinkClips = clips.filter(isWeblinkClip);
  expect(weblinks).toHaveLength(weblinkClips.length);
  for (const clip of weblinkClips) {
    const found = await weblinksOf(emulator, clip.url);
    expect(found, clip.url).toHaveLength(1);
    const body = await markdownOf(emulator, found[0]?.id ?? '');
    expect(clip.notes.map((note) => occurrences(body, note))).toEqual(clip.notes.map(() => 1));
  }
  for (const title of SHARED_TAGS) expect(await tagsTitled(emulator, title), title).toHaveLength(1);

  // Exactly one copy of every append, and within each target the order the clips were made in.
  const targets = new Map<string, string[]>();
  for (const clip of clips) {
    if (isWeblinkClip(clip)) continue;
    const target = clip.kind === 'daily-note' ? clip.date.slice(0, 10) : (clip.objectId ?? '');
    targets.set(target, [...(targets.get(target) ?? []), ...texts(clip)]);
  }
  const dailyNotes = await objectsOf(emulator, 'RootDailyNote');
  for (const [target, expected] of targets) {
    const id = dailyNotes.find((note) => note.title === target)?.id ?? target;
    const body = await markdownOf(emulator, id);
    expect(
      expected.map((text) => occurrences(body, text)),
      target,
    ).toEqual(expected.map(() => 1));
    expect(positions(body, expected), target).toEqual(ascending(positions(body, expected)));
  }
}, 30_000);
