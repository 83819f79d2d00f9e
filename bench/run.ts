/**
 * `npm run bench`: builds the store version of the extension and measures it against its budgets
 * (DESIGN.md). Prints the table and writes it to bench/results.md. Exits non-zero when a budget is
 * missed, so a regression is loud.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { type BenchSection, renderMarkdown, writeReport } from './report.ts';
import { measureEntrypointSizes } from './size.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME_OUT = path.join(ROOT, '.output', 'chrome-mv3');

execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

const sections: BenchSection[] = [
  { title: 'Bundle size (Chrome store build)', rows: await measureEntrypointSizes(CHROME_OUT) },
];

const meta = [
  `run: ${new Date().toISOString()}`,
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.versions.node}`,
];
const markdown = renderMarkdown(sections, meta);
console.log(markdown);
await writeReport(path.join(ROOT, 'bench', 'results.md'), markdown);
const missed = sections.flatMap((s) => s.rows).filter((row) => !row.ok);
if (missed.length > 0) {
  console.error(`Budgets missed: ${missed.map((row) => row.figure).join(', ')}`);
  process.exitCode = 1;
}
