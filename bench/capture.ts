/**
 * Capture rules + page metadata (the capture script's whole work) against Readability's parse of
 * the same 1 MB real page, in the same browser page and run (DESIGN.md: ≤ 0.25×).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { build } from 'vite';
import type { BenchRow } from './report.ts';
import { median } from './stats.ts';

const RUNS = 9;
const BUDGET = 0.25;

type Timing = { ms: number; size: number };
type Side = 'ours' | 'baseline';

async function captureBundle(root: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@': root } },
    build: {
      outDir,
      emptyOutDir: true,
      lib: {
        entry: path.join(root, 'bench', 'capture-entry.ts'),
        formats: ['iife'],
        name: 'captureBench',
        fileName: () => 'capture.js',
      },
    },
  });
  return readFile(path.join(outDir, 'capture.js'), 'utf8');
}

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
  const bundle = await captureBundle(options.root, options.outDir);
  const page = await browser.newPage();
  try {
    await page.goto(options.pageUrl, { waitUntil: 'domcontentloaded' });
    await page.addScriptTag({ content: bundle });
    const times: Record<Side, number[]> = { ours: [], baseline: [] };
    const sizes: Record<Side, number> = { ours: 0, baseline: 0 };
    for (let index = 0; index < RUNS; index += 1) {
      const order: Side[] = index % 2 === 0 ? ['ours', 'baseline'] : ['baseline', 'ours'];
      for (const side of order) {
        const timing = await run(page, side);
        times[side].push(timing.ms);
        sizes[side] = timing.size;
      }
    }
    const oursMs = median(times.ours);
    const baselineMs = median(times.baseline);
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
