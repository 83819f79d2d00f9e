import type { BrowserContext, Page } from '@playwright/test';
import type { RunningEmulator } from '../tests/emulator/server.ts';
import type { BenchRow } from './report.ts';
import { median } from './stats.ts';

const RUNS = 20;

/**
 * Records, in the page, when the popup is ready for a person: the Title box filled and "Save
 * page" enabled, measured from navigation start. A MutationObserver plus a short interval, not
 * requestAnimationFrame, which background tabs throttle to about once a second.
 */
const READINESS_PROBE = `
  (() => {
    const ready = () => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'Title');
      const input = label && document.getElementById(label.htmlFor);
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Save page');
      return input && input.value !== '' && button && !button.disabled;
    };
    const mark = () => {
      if (window.__readyAt === undefined && ready()) window.__readyAt = performance.now();
    };
    new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const timer = setInterval(() => { mark(); if (window.__readyAt !== undefined) clearInterval(timer); }, 2);
  })();
`;

/** Opens `pagePath` of the extension for `tabId` and returns how long it took to be ready (ms). */
async function timeToReady(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.addInitScript(READINESS_PROBE);
  await page.goto(url);
  await page.waitForFunction(() => (window as { __readyAt?: number }).__readyAt !== undefined, null, {
    timeout: 15_000,
  });
  const readyAt = await page.evaluate(() => (window as unknown as { __readyAt: number }).__readyAt);
  await page.close();
  return readyAt;
}

async function medianOf(runs: number, measure: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) times.push(await measure());
  return median(times);
}

export interface PopupBenchSetup {
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker, to clear the popup's cache for cold runs. */
  clearPopupCache(): Promise<void>;
  tabIdOf(page: Page): Promise<number>;
}

/** Popup readiness on a real page, warm and cold, against the floor popup in the same run. */
export async function benchPopupReadiness(
  setup: PopupBenchSetup,
  pages: { label: string; url: string; budget: number }[],
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const target of pages) {
    const tab = await setup.context.newPage();
    await tab.goto(target.url, { waitUntil: 'domcontentloaded' });
    const tabId = await setup.tabIdOf(tab);
    const popupUrl = `chrome-extension://${setup.extensionId}/popup.html?tabId=${tabId}`;
    const floorUrl = `chrome-extension://${setup.extensionId}/floor/index.html?tabId=${tabId}`;

    const floor = await medianOf(RUNS, () => timeToReady(setup.context, floorUrl));
    await timeToReady(setup.context, popupUrl); // fills the cache
    const warm = await medianOf(RUNS, () => timeToReady(setup.context, popupUrl));
    const cold = await medianOf(RUNS, async () => {
      await setup.clearPopupCache();
      return timeToReady(setup.context, popupUrl);
    });
    const ratio = warm / floor;
    rows.push({
      figure: `popup ready, warm cache, ${target.label}`,
      value: `${warm.toFixed(1)} ms (${ratio.toFixed(2)}× the floor)`,
      baseline: `empty React popup ${floor.toFixed(1)} ms`,
      budget: `≤ ${target.budget}× the floor`,
      ok: ratio <= target.budget,
    });
    rows.push({
      figure: `popup ready, cold cache, ${target.label}`,
      value: `${cold.toFixed(1)} ms (${(cold / floor).toFixed(2)}× the floor)`,
      baseline: `empty React popup ${floor.toFixed(1)} ms`,
      budget: 'reported (no budget)',
      ok: true,
    });
    await tab.close();
  }
  return rows;
}

async function logLength(emulator: RunningEmulator): Promise<number> {
  const answer = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { entries: unknown[] };
  return answer.entries.length;
}

async function logSince(emulator: RunningEmulator, from: number): Promise<{ method: string; path: string }[]> {
  const answer = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as {
    entries: { method: string; path: string }[];
  };
  return answer.entries.slice(from);
}

/** API requests made by one save (warm caches, an existing tag) and by one burst of keystrokes. */
export async function benchRequestCounts(
  setup: PopupBenchSetup,
  emulator: RunningEmulator,
  articleUrl: string,
): Promise<BenchRow[]> {
  const tab = await setup.context.newPage();
  await tab.goto(articleUrl);
  const tabId = await setup.tabIdOf(tab);
  const popup = await setup.context.newPage();
  await popup.goto(`chrome-extension://${setup.extensionId}/popup.html?tabId=${tabId}`);
  const tags = popup.getByRole('combobox', { name: 'Tags' });
  await popup.getByRole('textbox', { name: 'Title' }).and(popup.locator(':not([value=""])')).waitFor();
  // Let the page's metadata and the "already saved" check settle: they are not part of a save.
  await popup.waitForTimeout(1_000);

  let from = await logLength(emulator);
  await tags.pressSequentially('Readi', { delay: 30 });
  await popup.locator('[role="listbox"]').getByRole('option', { name: 'Reading', exact: true }).waitFor();
  await popup.waitForTimeout(600);
  const searches = (await logSince(emulator, from)).filter((entry) => entry.path === '/objects/search').length;
  await popup.locator('[role="listbox"]').getByRole('option', { name: 'Reading', exact: true }).click();

  from = await logLength(emulator);
  await popup.getByRole('button', { name: 'Save page' }).click();
  await popup
    .getByRole('status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
  const during = await logSince(emulator, from);
  await popup.close();
  await tab.close();
  return [
    {
      figure: 'API requests during a save (warm caches, existing tag)',
      value: `${during.length} (${during.map((entry) => `${entry.method} ${entry.path}`).join(', ')})`,
      budget: '1',
      ok: during.length === 1,
    },
    {
      figure: 'tag suggestion round trips for a burst of 5 keystrokes',
      value: String(searches),
      budget: '1',
      ok: searches === 1,
    },
  ];
}
