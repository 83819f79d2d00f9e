import type { WorkspaceApi } from '../../api';
import { defineStepBlock, type StepBlock } from '../kind';
import { DAILY_NOTE_SETTLE_MS, findDailyNote, LOST_REQUEST_SETTLE_MS, markdownContains } from '../lost-answers';
import type { StoredClipOf } from '../stored-clip';

/**
 * A clip's Markdown appended in ordered parts, each one request: to an object (an append, the
 * notes of an update, a weblink's notes beyond its create request), or to a daily note. A lost
 * part is looked for in the target's Markdown before it is sent again.
 */

export interface AppendStep {
  kind: 'append-part';
  index: number;
}

/** The parts a clip of kind P appends, in order. */
type PartsOf<P> = (clip: P) => readonly string[];

function nextPart<P>(stored: StoredClipOf<P>, partsOf: PartsOf<P>): AppendStep | null {
  const { partsLanded } = stored.progress;
  return partsLanded < partsOf(stored.clip).length ? { kind: 'append-part', index: partsLanded } : null;
}

function recordPart(stored: StoredClipOf<unknown>, step: AppendStep, objectId: string | null): void {
  stored.progress.partsLanded = step.index + 1;
  if (objectId && stored.progress.objectId === null) stored.progress.objectId = objectId;
}

const describe = (step: AppendStep) => `part ${step.index + 1}`;

/** Parts appended to the clip's object: the one it names, or the one it created. */
export function objectAppendBlock<P>(partsOf: PartsOf<P>): StepBlock<P, AppendStep, string> {
  const targetOf = (stored: StoredClipOf<P>): string | null => stored.progress.objectId;
  return defineStepBlock<P, AppendStep, string>({
    step: 'append-part',
    next: (stored) => nextPart(stored, partsOf),
    async send(api, stored, step) {
      const objectId = targetOf(stored);
      if (!objectId) throw new Error('append before the object exists');
      await api.appendMarkdown({ objectId, markdown: partsOf(stored.clip)[step.index] ?? '' });
      return objectId;
    },
    async lookUp(api, stored, step) {
      const objectId = targetOf(stored);
      if (objectId === null) return undefined;
      const landed = await markdownContains(api, objectId, partsOf(stored.clip)[step.index] ?? '');
      return landed ? objectId : undefined;
    },
    record: recordPart,
    endpoints: (_stored, _step, reconciling) =>
      reconciling
        ? ['GET /object/markdown', 'POST /blocks/append', 'POST /blocks/markdown/append']
        : ['POST /blocks/append', 'POST /blocks/markdown/append'],
    settleMs: LOST_REQUEST_SETTLE_MS,
    describe,
  });
}

type DailyNote = { date: string; noTimeStamp: boolean; parts: string[] };

/**
 * Parts appended to the daily note of the clip's date. The service applies them after answering,
 * so a lost one is looked for only after a while, in the note found by its date.
 */
export const dailyNoteAppendBlock = defineStepBlock<DailyNote, AppendStep, string | null>({
  step: 'append-part',
  next: (stored) => nextPart(stored, (clip) => clip.parts),
  async send(api, stored, step) {
    const { date, noTimeStamp, parts } = stored.clip;
    await api.appendToDailyNote({ markdown: parts[step.index] ?? '' }, { date, noTimeStamp });
    return null;
  },
  async lookUp(api: WorkspaceApi, stored, step) {
    const note = await findDailyNote(api, stored.clip.date);
    if (note === undefined) return undefined;
    return (await markdownContains(api, note, stored.clip.parts[step.index] ?? '')) ? note : undefined;
  },
  record: recordPart,
  endpoints: (_stored, _step, reconciling) =>
    reconciling
      ? ['POST /objects/search', 'GET /object', 'GET /object/markdown', 'POST /blocks/daily-note/append']
      : ['POST /blocks/daily-note/append'],
  settleMs: DAILY_NOTE_SETTLE_MS,
  describe,
});
