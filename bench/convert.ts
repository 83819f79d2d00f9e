import type { BrowserContext } from '@playwright/test';
import type { BenchRow } from './report.ts';
import { median } from './stats.ts';

const RUNS = 7;

type Timing = { ms: number; chars: number };

/** Median time of our capture path and of plain turndown on one page, selecting the whole body. */
async function timePage(
  context: BrowserContext,
  url: string,
  bundle: string,
): Promise<{ ours: number; plain: number }> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.addScriptTag({ content: bundle });
  const ours: number[] = [];
  const plain: number[] = [];
  // Alternate, so warm-up and machine noise fall on both alike.
  for (let run = 0; run < RUNS; run += 1) {
    ours.push(
      (
        await page.evaluate(() =>
          (window as unknown as { spaceClipperBench: { ours(): Timing } }).spaceClipperBench.ours(),
        )
      ).ms,
    );
    plain.push(
      (
        await page.evaluate(() =>
          (window as unknown as { spaceClipperBench: { plain(): Timing } }).spaceClipperBench.plain(),
        )
      ).ms,
    );
  }
  await page.close();
  return { ours: median(ours), plain: median(plain) };
}

/** HTML → Markdown against plain turndown + GFM on the same input, in the same browser. */
export async function benchConversion(
  context: BrowserContext,
  bundle: string,
  corpusBase: string,
  pageNames: string[],
  largePage: string,
): Promise<BenchRow[]> {
  const results = new Map<string, { ours: number; plain: number }>();
  for (const name of pageNames) results.set(name, await timePage(context, `${corpusBase}/${name}/source.html`, bundle));
  const large = results.get(largePage) as { ours: number; plain: number };
  const oursMedian = median([...results.values()].map((r) => r.ours));
  const plainMedian = median([...results.values()].map((r) => r.plain));
  const row = (figure: string, ours: number, plain: number): BenchRow => ({
    figure,
    value: `${ours.toFixed(1)} ms (${(ours / plain).toFixed(2)}×)`,
    baseline: `plain turndown ${plain.toFixed(1)} ms`,
    budget: '≤ 1.5× plain turndown',
    ok: ours <= plain * 1.5,
  });
  return [
    row(`selection → Markdown, 1 MB real page (${largePage}, whole body)`, large.ours, large.plain),
    row(`selection → Markdown, corpus median (${pageNames.length} pages)`, oursMedian, plainMedian),
  ];
}
