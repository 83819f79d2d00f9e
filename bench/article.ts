/**
 * Article extraction + conversion (the article content script's path) against Readability +
 * plain turndown, on the same 1 MB real page in the same browser page and run.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { build } from 'vite';
import type { BenchRow } from './report.ts';
import { median } from './stats.ts';

const RUNS = 9;
const BUDGET = 1.5;

type Timing = { ms: number; chars: number };
type Side = 'ours' | 'baseline';

/** The in-page bundle of `article-entry.ts`, built into `outDir`. */
async function articleBundle(root: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@': root } },
    build: {
      outDir,
      emptyOutDir: true,
      lib: {
        entry: path.join(root, 'bench', 'article-entry.ts'),
        formats: ['iife'],
        name: 'articleBench',
        fileName: () => 'article.js',
      },
    },
  });
  return readFile(path.join(outDir, 'article.js'), 'utf8');
}

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
  const bundle = await articleBundle(options.root, options.outDir);
  const page = await context.newPage();
  try {
    await page.goto(options.pageUrl, { waitUntil: 'domcontentloaded' });
    await page.addScriptTag({ content: bundle });
    const times: Record<Side, number[]> = { ours: [], baseline: [] };
    const chars: Record<Side, number> = { ours: 0, baseline: 0 };
    for (let index = 0; index < RUNS; index += 1) {
      const order: Side[] = index % 2 === 0 ? ['ours', 'baseline'] : ['baseline', 'ours'];
      for (const side of order) {
        const timing = await run(page, side);
        times[side].push(timing.ms);
        chars[side] = timing.chars;
      }
    }
    const oursMs = median(times.ours);
    const baselineMs = median(times.baseline);
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
