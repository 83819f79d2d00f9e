/**
 * What the in-page benches share (bench/article.ts, capture.ts, highlights.ts): the bundle of an
 * entry module that runs in a real page, and paired timings of two paths run alternately, so that
 * warm-up and the machine's noise fall on both alike.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';

/** `bench/<entry>` built as one script for `page.addScriptTag`, into `outDir`. */
export async function inPageBundle(root: string, outDir: string, entry: string): Promise<string> {
  const fileName = `${path.basename(entry, '.ts')}.js`;
  await build({
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@': root } },
    build: {
      outDir,
      emptyOutDir: true,
      lib: { entry: path.join(root, 'bench', entry), formats: ['iife'], name: 'inPageBench', fileName: () => fileName },
    },
  });
  return readFile(path.join(outDir, fileName), 'utf8');
}

/** `runs` timings of each side, the first side first on even runs and second on odd ones. */
export async function alternately<Side extends string, Timing>(
  runs: number,
  sides: readonly [Side, Side],
  measure: (side: Side) => Promise<Timing>,
): Promise<Record<Side, Timing[]>> {
  const [first, second] = sides;
  const timings = { [first]: [], [second]: [] } as unknown as Record<Side, Timing[]>;
  for (let index = 0; index < runs; index += 1) {
    for (const side of index % 2 === 0 ? [first, second] : [second, first]) {
      timings[side].push(await measure(side));
    }
  }
  return timings;
}
