/**
 * Capture rules + page metadata (the capture script's whole work) against Readability's parse of
 * the same 1 MB real page, in the same browser page and run (DESIGN.md: ≤ 0.25×).
 */
import type { Browser, Page } from '@playwright/test';
import { alternately, inPageBundle } from './in-page.ts';
import type { BenchRow } from './report.ts';
import { median } from './stats.ts';

const RUNS = 9;
const BUDGET = 0.25;

type Timing = { ms: number; size: number };
type Side = 'ours' | 'baseline';

async function run(page: Page, side: Side): Promise<Timing> {
  const timing = await page.evaluate(
    (which) =>
      (window as unknown as { spaceClipperCaptureBench: Record<Side, () => Timing> }).spaceClipperCaptureBench[which](),
    side,
  );
  if (timing.size === 0) throw new Error(`the ${side} path found nothing`);
  return timing;
}

/** Median times of both, alternating runs so that warm-up and noise fall on both alike. */
export async function benchCapture(
  browser: Browser,
  options: { root: string; outDir: string; pageUrl: string; label: string },
): Promise<BenchRow[]> {
  const bundle = await inPageBundle(options.root, options.outDir, 'capture-entry.ts');
  const page = await browser.newPage();
  try {
    await page.goto(options.pageUrl, { waitUntil: 'domcontentloaded' });
    await page.addScriptTag({ content: bundle });
    const timings = await alternately(RUNS, ['ours', 'baseline'], (side) => run(page, side));
    const oursMs = median(timings.ours.map(({ ms }) => ms));
    const baselineMs = median(timings.baseline.map(({ ms }) => ms));
    const sizes = { ours: timings.ours.at(-1)?.size, baseline: timings.baseline.at(-1)?.size };
    return [
      {
        figure: `capture rules + page metadata, 1 MB real page (${options.label})`,
        value: `${oursMs.toFixed(1)} ms (${(oursMs / baselineMs).toFixed(2)}×; ${sizes.ours} page values)`,
        baseline: `Readability's parse ${baselineMs.toFixed(1)} ms (${sizes.baseline} characters of text)`,
        budget: `≤ ${BUDGET}× Readability's parse`,
        ok: oursMs <= baselineMs * BUDGET,
      },
    ];
  } finally {
    await page.close();
  }
}
