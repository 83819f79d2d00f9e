import type { Page } from '@playwright/test';
import type { RunningEmulator } from '../tests/emulator/server.ts';
import type { BenchRow } from './report.ts';

const CLIPS = 500;
/** The emulator's write limit during the drain: LIMIT requests per WINDOW_MS. */
const LIMIT = 100;
const WINDOW_MS = 10_000;

async function control(emulator: RunningEmulator, path: string, method: string, body?: unknown): Promise<void> {
  await fetch(`${emulator.url}/__emulator/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function outboxSize(page: Page): Promise<number> {
  const answer = (await page.evaluate(() =>
    chrome.runtime.sendMessage({ id: 1, type: 'getOutbox', timestamp: Date.now() }),
  )) as { res: { clips: unknown[] } };
  return answer.res.clips.length;
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
  await control(emulator, 'rate-limits', 'POST', {
    enabled: true,
    windowMs: WINDOW_MS,
    limits: { write: LIMIT, search: 1_000_000, read: 1_000_000 },
  });
  // Unreachable: every API connection is dropped before the server reads it.
  for (const path of ['/object*', '/objects*', '/blocks*']) {
    await control(emulator, 'faults', 'POST', { path, drop: 'before' });
  }

  await page.evaluate(
    async ({ count, spaceId }) => {
      const send = (index: number) =>
        chrome.runtime.sendMessage({
          id: index,
          type: 'saveClip',
          timestamp: Date.now(),
          data: {
            spaceId,
            clip: {
              kind: 'link',
              url: `https://bench.example/clips/${index}`,
              title: `Bench clip ${index}`,
              tags: [],
              properties: {},
              notes: '',
              existingObjectIds: [],
            },
          },
        });
      for (let start = 0; start < count; start += 50) {
        await Promise.all(Array.from({ length: Math.min(50, count - start) }, (_, i) => send(start + i)));
      }
    },
    { count: CLIPS, spaceId },
  );
  const queued = await outboxSize(page);

  await control(emulator, 'faults', 'DELETE');
  const startedAt = Date.now();
  // "Retry all now": what the background also does when the browser comes back online.
  await page.evaluate(() => chrome.runtime.sendMessage({ id: 1, type: 'retryAllClips', timestamp: Date.now() }));
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

  const state = (await (
    await fetch(`${emulator.url}/__emulator/state?spaceId=${spaceId}&structureId=MediaWebResource`)
  ).json()) as {
    spaces: { objects: { title: string; trashed: boolean }[] }[];
  };
  const landed = (state.spaces[0]?.objects ?? []).filter((o) => !o.trashed && o.title.startsWith('Bench clip '));
  const distinct = new Set(landed.map((object) => object.title));
  const lost = CLIPS - distinct.size;
  const duplicated = landed.length - distinct.size;
  await control(emulator, 'rate-limits', 'POST', { enabled: false });

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
