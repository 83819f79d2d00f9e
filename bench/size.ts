import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  ARTICLE_READER_SCRIPT,
  HIGHLIGHTER_SCRIPT,
  PAGE_READER_SCRIPT,
} from '../entrypoints/background/injected-scripts.ts';
import { CAPTURE_READER_SCRIPT } from '../lib/capture/capture-reader-script.ts';
import { REVISIT_SCRIPT } from '../lib/highlight-revisit.ts';
import type { BenchRow } from './report.ts';

const KB = 1024;

/** What an entrypoint costs to load: its own files plus every chunk they import statically. */
export async function measureEntrypointSizes(outDir: string): Promise<BenchRow[]> {
  const manifest = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string };
  };
  const rows: BenchRow[] = [];
  const add = async (figure: string, roots: string[], budgetKb: number) => {
    const files = await closure(outDir, roots);
    const contents = await Promise.all([...files].map((file) => readFile(path.join(outDir, file))));
    const raw = contents.reduce((sum, buf) => sum + buf.length, 0);
    const gzip = contents.reduce((sum, buf) => sum + gzipSync(buf, { level: 9 }).length, 0);
    rows.push({
      figure,
      value: `${fmtKb(gzip)} gzip (${fmtKb(raw)} raw, ${files.size} files)`,
      budget: `≤ ${budgetKb} KB gzip`,
      ok: gzip <= budgetKb * KB,
    });
  };
  await add('popup JS+CSS', await htmlAssets(outDir, 'popup.html'), 100);
  await add('options JS+CSS', await htmlAssets(outDir, 'options.html'), 100);
  await add('background', [manifest.background?.service_worker ?? 'background.js'], 45);
  // The scripts injected into a page. The article extractor carries a reader-mode library: its
  // own, larger budget (DESIGN.md).
  for (const [script, budgetKb] of [
    [PAGE_READER_SCRIPT, 15],
    [ARTICLE_READER_SCRIPT, 25],
    [HIGHLIGHTER_SCRIPT, 15],
    // Capture rules and tag suggestions, injected only for spaces that have them (lib/capture/README.md).
    [CAPTURE_READER_SCRIPT, 15],
    // Registered only while "Show my highlights when I revisit a page" is on; it runs on every page then.
    [REVISIT_SCRIPT, 1],
  ] as const) {
    await add(`content script ${script.slice(1)}`, [script.slice(1)], budgetKb);
  }
  return rows;
}

function fmtKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** Scripts and stylesheets an HTML entrypoint loads. */
async function htmlAssets(outDir: string, html: string): Promise<string[]> {
  const source = await readFile(path.join(outDir, html), 'utf8');
  const refs = [...source.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  return refs.map((ref) => path.normalize(ref.replace(/^\//, '')));
}

/** The files plus every chunk reachable through static imports (dynamic imports load later). */
async function closure(outDir: string, roots: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = await readFile(path.join(outDir, file), 'utf8');
    for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
      queue.push(path.normalize(path.join(path.dirname(file), match[1] as string)));
    }
  }
  return seen;
}
