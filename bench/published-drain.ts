import type { Page } from '@playwright/test';
import { evaluateIn, sendToBackground } from '../tests/e2e/send-to-background.ts';
import { DEMO } from '../tests/emulator/seed.ts';
import type { RunningEmulator } from '../tests/emulator/server.ts';
import { emulatorControl } from '../tests/support/emulator-control.ts';
import type { BenchRow } from './report.ts';

const CLIPS = 60;
/** The published reference's limit on POST /object/url: 10 per window. */
const CREATE_LIMIT = 10;
/**
 * The published windows are 60 s; here they are 10 s (the emulator's `windowMs`), so the drain
 * takes about a minute instead of six. Every limit keeps its published count per window.
 */
const WINDOW_MS = 10_000;

/**
 * 60 weblink clips with a tag, made while the service is unreachable, then delivered by the
 * published profile, which ignores tags on create (so each clip is a create and a PATCH) and
 * announces its budget in a `RateLimit` header. The time against the least the limits allow, the
 * 429s the client ran into (the goal is none: it paces itself), and whether every clip landed
 * exactly once with its tag.
 */
export async function benchPublishedDrain(options: {
  emulator: RunningEmulator;
  extensionPage: Page;
}): Promise<BenchRow[]> {
  const { emulator } = options;
  const page = evaluateIn(options.extensionPage);
  const control = emulatorControl(emulator.url);
  await control.reset({ profile: 'published' });
  await control.setRateLimits({ enabled: true, windowMs: WINDOW_MS });
  const unreachable: string[] = [];
  for (const path of ['/object*', '/objects*', '/blocks*'])
    unreachable.push(await control.addFault({ path, drop: 'before' }));

  const clips = Array.from({ length: CLIPS }, (_, index) => ({
    kind: 'page' as const,
    url: `https://bench.example/published/${index}`,
    title: `Published bench clip ${index}`,
    tags: [{ kind: 'existing' as const, id: DEMO.tags.reading, title: 'Reading' }],
    properties: {},
    notes: '',
    existingObjectIds: [],
  }));
  await Promise.all(clips.map((clip) => sendToBackground(page, 'saveClip', { spaceId: DEMO.spaceId, clip })));
  const queued = (await sendToBackground(page, 'getOutbox')).clips.length;

  await control.clearFaults();
  const logFrom = (await control.log()).at(-1)?.seq ?? 0;
  const startedAt = Date.now();
  await sendToBackground(page, 'retryAllClips');
  while ((await sendToBackground(page, 'getOutbox')).clips.length > 0) {
    if (Date.now() - startedAt > 5 * 60_000) throw new Error('the outbox did not drain in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const drainedMs = Date.now() - startedAt;

  // The least the limits allow: windows are aligned to the clock; the last create can go as soon
  // as the window that has room for it opens (its PATCH has room in the same window).
  const firstWindowStart = Math.floor(startedAt / WINDOW_MS) * WINDOW_MS;
  const minimumMs = Math.max(1, firstWindowStart + (Math.ceil(CLIPS / CREATE_LIMIT) - 1) * WINDOW_MS - startedAt);
  const log = await control.log(logFrom);
  const refused = log.filter((entry) => entry.status === 429).length;

  const state = await control.state({ spaceId: DEMO.spaceId, structureId: 'MediaWebResource' });
  const weblinks = (state.spaces[0]?.objects ?? []).filter(
    (object) => !object.trashed && object.title.startsWith('Published bench clip '),
  );
  const tagged = weblinks.filter((object) => JSON.stringify(object.properties.tags ?? {}).includes(DEMO.tags.reading));
  const distinct = new Set(tagged.map((object) => object.title));
  const lost = CLIPS - distinct.size;
  const duplicated = weblinks.length - new Set(weblinks.map((object) => object.title)).size;
  const violations = (await control.violations()).length;
  await control.reset();

  const ratio = drainedMs / minimumMs;
  return [
    {
      figure: `drain ${CLIPS} tagged weblinks under the published limits (10 creates / window, windows of ${WINDOW_MS / 1000} s)`,
      value: `${(drainedMs / 1000).toFixed(1)} s (${ratio.toFixed(2)}× the minimum; ${queued} were queued)`,
      baseline: `limits' minimum ${(minimumMs / 1000).toFixed(1)} s`,
      budget: '≤ 1.1× the minimum',
      ok: ratio <= 1.1 && queued === CLIPS,
    },
    {
      figure: 'in that drain: clips lost (or without their tag) / duplicated / answered 429 / reference violations',
      value: `${lost} lost, ${duplicated} duplicated, ${refused} × 429, ${violations} violations`,
      budget: '0 / 0 / goal 0 / 0',
      ok: lost === 0 && duplicated === 0 && violations === 0,
    },
  ];
}
