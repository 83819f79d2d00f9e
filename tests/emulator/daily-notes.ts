import { parseContext } from './block-ops.ts';
import { collectBlockIds, parseBlocks, withFreshIds } from './blocks.ts';
import type { EmulatorState } from './emulator-state.ts';
import { invalidInput, invalidRequest, unsupported } from './errors.ts';
import { newId } from './ids.ts';
import { optionalBoolean, optionalString, requireRecord } from './input.ts';
import { markdownToBlocks } from './markdown-import.ts';
import { DAY_FORM, isCanonicalDay } from './property-values.ts';
import { dailyNoteIdFor } from './seed.ts';
import { STRUCTURE } from './structures.ts';
import type { Block, ObjectRecord, TextBlock } from './types.ts';

/**
 * Daily-note appends: validated at once (errors are answered synchronously), then queued and
 * applied after `dailyNoteDelayMs`, as the spec's 204 "returns when the job is queued" implies.
 */

export interface DailyNoteJob {
  spaceId: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  blocks: Block[];
  /** Emulator time when the request arrived (the automatic timestamp shows it). */
  receivedAt: number;
  noTimeStamp: boolean;
}

/**
 * Parses `POST /blocks/daily-note/append` (exactly one of `markdown` or `blocks`) or, with
 * `markdownOnly`, `POST /blocks/markdown/daily-note`. `publishedFields`: see BlockParseContext.
 */
export function parseDailyNoteRequest(
  store: EmulatorState,
  spaceId: string,
  body: unknown,
  markdownOnly: boolean,
  publishedFields = false,
): DailyNoteJob {
  const input = requireRecord(body, 'The request body');
  if (!store.structure(spaceId, STRUCTURE.dailyNote)) throw unsupported('This space has no daily notes');
  const date = optionalString(input, 'date');
  if (date !== undefined && !isCanonicalDay(date)) {
    throw invalidInput(
      `"date" must be UTC midnight in the form ${DAY_FORM} (for example 2024-05-01T00:00:00.000Z); got ${JSON.stringify(date)}`,
    );
  }
  const receivedAt = store.now();
  const day = (date ?? new Date(receivedAt).toISOString()).slice(0, 10);
  const noTimeStamp = optionalBoolean(input, 'noTimeStamp') ?? false;
  const hasMarkdown = input.markdown !== undefined;
  const hasBlocks = input.blocks !== undefined;
  let blocks: Block[];
  if (markdownOnly || (hasMarkdown && !hasBlocks)) {
    const markdown = optionalString(input, 'markdown');
    if (markdown === undefined) throw invalidRequest('"markdown" is required and must be a string');
    blocks = markdownToBlocks(markdown, newId);
  } else if (hasBlocks && !hasMarkdown) {
    blocks = parseBlocks(input.blocks, parseContext(store, spaceId, new Set(), publishedFields), 'blocks');
  } else {
    throw invalidRequest('Send exactly one of "markdown" or "blocks"');
  }
  return { spaceId, day, blocks, receivedAt, noTimeStamp };
}

function timestampBlock(receivedAt: number): TextBlock {
  const time = new Date(receivedAt).toISOString().slice(11, 16);
  return {
    id: newId(),
    type: 'TextBlock',
    tokens: [{ type: 'TextToken', text: time }],
    blocks: [],
    hierarchy: { key: 'heading', val: 3 },
  };
}

/** The live daily note of a day, created when missing. */
function dailyNoteOf(store: EmulatorState, spaceId: string, day: string): ObjectRecord {
  const existing = store.liveObjects(spaceId).find((obj) => {
    const date = obj.properties.date;
    return obj.structureId === STRUCTURE.dailyNote && date?.type === 'date' && date.date.start?.startsWith(day);
  });
  if (existing) return existing;
  const preferredId = dailyNoteIdFor(spaceId, day);
  const now = store.now();
  const note: ObjectRecord = {
    // A trashed note of that day still owns the derived id, so a new one gets a random id.
    id: store.anyObject(preferredId) ? newId() : preferredId,
    spaceId,
    structureId: STRUCTURE.dailyNote,
    properties: {
      title: { type: 'title', title: { value: day } },
      date: { type: 'date', date: { dateResolution: 'day', start: `${day}T00:00:00.000Z`, end: null } },
    },
    blocks: { notes: [] },
    collections: [],
    createdAt: now,
    updatedAt: now,
    trashedAt: null,
  };
  store.insert(note);
  return note;
}

export function applyDailyNoteJob(store: EmulatorState, job: DailyNoteJob): void {
  const note = dailyNoteOf(store, job.spaceId, job.day);
  const notes = note.blocks.notes ?? [];
  note.blocks.notes = notes;
  // Client-chosen block ids were checked against the request only; renew them if the note has them.
  const taken = collectBlockIds(notes);
  const clash = [...collectBlockIds(job.blocks)].some((id) => taken.has(id));
  const blocks = clash ? withFreshIds(job.blocks, newId) : job.blocks;
  if (!job.noTimeStamp) notes.push(timestampBlock(job.receivedAt));
  notes.push(...blocks);
  store.touch(note);
  store.changed();
}

/**
 * Applies jobs after a delay, in the order received per key (the token). Each job is due at its
 * arrival time plus the delay; a job never overtakes an earlier one of the same key.
 */
export class DailyNoteQueue {
  delayMs: number;
  readonly #apply: (job: DailyNoteJob) => void;
  readonly #tails = new Map<string, Promise<void>>();
  #pending = 0;
  #generation = 0;
  #idleWaiters: (() => void)[] = [];

  constructor(apply: (job: DailyNoteJob) => void, delayMs: number) {
    this.#apply = apply;
    this.delayMs = delayMs;
  }

  get pending(): number {
    return this.#pending;
  }

  enqueue(key: string, job: DailyNoteJob): void {
    const generation = this.#generation;
    const dueAt = Date.now() + this.delayMs;
    this.#pending++;
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const tail = previous
      .then(() => sleep(dueAt - Date.now()))
      .then(() => {
        // Jobs queued before a reset are dropped with the state they were meant for.
        if (generation === this.#generation) this.#apply(job);
      })
      .catch((error: unknown) => {
        // Validation happened before the 204, so this is an emulator bug: make it visible.
        console.error('Daily-note append failed:', error);
      })
      .finally(() => this.#settle());
    this.#tails.set(key, tail);
  }

  /** Forgets queued jobs (they resolve without applying). */
  clear(): void {
    this.#generation++;
  }

  /** Resolves when no job is pending. */
  idle(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #settle(): void {
    this.#pending--;
    if (this.#pending > 0) return;
    this.#tails.clear();
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

function sleep(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  // unref: pending appends must not keep a test process alive after close().
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
