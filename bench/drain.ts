import type { Page } from '@playwright/test';
import { evaluateIn, sendToBackground } from '../tests/e2e/send-to-background.ts';
import type { RunningEmulator } from '../tests/emulator/server.ts';
import { emulatorControl } from '../tests/support/emulator-control.ts';
import type { BenchRow } from './report.ts';

const CLIPS = 500;
/** The emulator's write limit during the drain: LIMIT requests per WINDOW_MS. */
const LIMIT = 100;
const WINDOW_MS = 10_000;

async function outboxSize(page: Page): Promise<number> {
  return (await sendToBackground(evaluateIn(page), 'getOutbox')).clips.length;
}

/**
 * 500 clips made while the service is unreachable, then delivered while it rate-limits writes
 * (429 + Retry-After): the time to drain against the least the limit allows, and whether every
 * clip landed exactly once.
 */
export async function benchDrain(options: {
  emulator: RunningEmulator;
  extensionPage: Page;
  spaceId: string;
}): Promise<BenchRow[]> {
  const { emulator, extensionPage: page, spaceId } = options;
  const control = emulatorControl(emulator.url);
  await control.setRateLimits({
    enabled: true,
    windowMs: WINDOW_MS,
    limits: { write: LIMIT, search: 1_000_000, read: 1_000_000 },
  });
  // Unreachable: every API connection is dropped before the server reads it.
  for (const path of ['/object*', '/objects*', '/blocks*']) await control.addFault({ path, drop: 'before' });

  const evaluate = evaluateIn(page);
  for (let start = 0; start < CLIPS; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, CLIPS - start) }, (_, i) =>
        sendToBackground(evaluate, 'saveClip', {
          spaceId,
          clip: {
            kind: 'link',
            url: `https://bench.example/clips/${start + i}`,
            title: `Bench clip ${start + i}`,
            tags: [],
            properties: {},
            notes: '',
            existingObjectIds: [],
          },
        }),
      ),
    );
  }
  const queued = await outboxSize(page);

  // The limit's windows are aligned to the clock, and the drain starts as one opens. Started at
  // any moment, the minimum below would count the rest of the first window as room for a whole
  // window's clips: with a second of it left, no client sends a hundred clips in time (each is a
  // lookup and a create, written down before and after), the last clips need a sixth window, and
  // the figure read about 1.33× or 1.05× by the clock's second, whatever the client did.
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (Date.now() % WINDOW_MS)));
  await control.clearFaults();
  const startedAt = Date.now();
  // "Retry all now": what the background also does when the browser comes back online.
  await sendToBackground(evaluate, 'retryAllClips');
  while ((await outboxSize(page)) > 0) {
    if (Date.now() - startedAt > 10 * 60_000) throw new Error('the outbox did not drain in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const drainedMs = Date.now() - startedAt;

  // The least the limit allows: the windows are aligned to the clock, and the last request can go
  // out as soon as the window that has room for it opens.
  const firstWindowStart = Math.floor(startedAt / WINDOW_MS) * WINDOW_MS;
  const windowsAfterFirst = Math.ceil(CLIPS / LIMIT) - 1;
  const minimumMs = Math.max(1, firstWindowStart + windowsAfterFirst * WINDOW_MS - startedAt);

  const state = await control.state({ spaceId, structureId: 'MediaWebResource' });
  const landed = (state.spaces[0]?.objects ?? []).filter((o) => !o.trashed && o.title.startsWith('Bench clip '));
  const distinct = new Set(landed.map((object) => object.title));
  const lost = CLIPS - distinct.size;
  const duplicated = landed.length - distinct.size;
  await control.setRateLimits({ enabled: false });

  const ratio = drainedMs / minimumMs;
  return [
    {
      figure: `drain ${CLIPS} queued clips under a ${LIMIT} writes / ${WINDOW_MS / 1000} s limit`,
      value: `${(drainedMs / 1000).toFixed(1)} s (${ratio.toFixed(2)}× the minimum; ${queued} were queued)`,
      baseline: `limit's minimum ${(minimumMs / 1000).toFixed(1)} s`,
      budget: '≤ 1.2× the minimum',
      ok: ratio <= 1.2 && queued === CLIPS,
    },
    {
      figure: `clips lost / duplicated in that drain`,
      value: `${lost} lost, ${duplicated} duplicated`,
      budget: '0 / 0',
      ok: lost === 0 && duplicated === 0,
    },
  ];
}
