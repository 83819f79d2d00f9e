/**
 * Article extraction + conversion (the article content script's path) against Readability +
 * plain turndown, on the same 1 MB real page in the same browser page and run.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { alternately, inPageBundle } from './in-page.ts';
import type { BenchRow } from './report.ts';
import { median } from './stats.ts';

const RUNS = 9;
const BUDGET = 1.5;

type Timing = { ms: number; chars: number };
type Side = 'ours' | 'baseline';

async function run(page: Page, side: Side): Promise<Timing> {
  const timing = await page.evaluate(
    (which) =>
      (window as unknown as { spaceClipperArticleBench: Record<Side, () => Timing> }).spaceClipperArticleBench[which](),
    side,
  );
  // An extraction that found nothing would be fast for the wrong reason.
  if (timing.chars === 0) throw new Error(`the ${side} path found no article`);
  return timing;
}

/**
 * Median times of both paths on `pageUrl` (`label` names it in the table), alternating runs so
 * that warm-up and machine noise fall on both alike. `root` is the project; the bundle is built
 * into `outDir`.
 */
export async function benchArticleExtraction(
  context: BrowserContext,
  options: { root: string; outDir: string; pageUrl: string; label: string },
): Promise<BenchRow[]> {
  const bundle = await inPageBundle(options.root, options.outDir, 'article-entry.ts');
  const page = await context.newPage();
  try {
    await page.goto(options.pageUrl, { waitUntil: 'domcontentloaded' });
    await page.addScriptTag({ content: bundle });
    const timings = await alternately(RUNS, ['ours', 'baseline'], (side) => run(page, side));
    const oursMs = median(timings.ours.map(({ ms }) => ms));
    const baselineMs = median(timings.baseline.map(({ ms }) => ms));
    const chars = { ours: timings.ours.at(-1)?.chars, baseline: timings.baseline.at(-1)?.chars };
    return [
      {
        figure: `article extraction + conversion, 1 MB real page (${options.label})`,
        value: `${oursMs.toFixed(1)} ms (${(oursMs / baselineMs).toFixed(2)}×; ${chars.ours} characters of Markdown)`,
        baseline: `Readability + plain turndown ${baselineMs.toFixed(1)} ms (${chars.baseline} characters)`,
        budget: `≤ ${BUDGET}× Readability + plain turndown`,
        ok: oursMs <= baselineMs * BUDGET,
      },
    ];
  } finally {
    await page.close();
  }
}
