import { writeFile } from 'node:fs/promises';

/** One line of the bench table: a measured figure, its budget, and whether it is met. */
export interface BenchRow {
  figure: string;
  value: string;
  budget: string;
  /** The baseline measured in the same run, when the budget is relative to one. */
  baseline?: string;
  ok: boolean;
}

export interface BenchSection {
  title: string;
  rows: BenchRow[];
  notes?: string[];
}

export function renderMarkdown(sections: BenchSection[], meta: string[]): string {
  const lines = ['# Space Clipper benchmarks', '', ...meta.map((m) => `- ${m}`), ''];
  for (const section of sections) {
    lines.push(
      `## ${section.title}`,
      '',
      '| figure | measured | baseline (same run) | budget | within |',
      '|---|---|---|---|---|',
    );
    for (const row of section.rows) {
      lines.push(
        `| ${row.figure} | ${row.value} | ${row.baseline ?? '—'} | ${row.budget} | ${row.ok ? 'yes' : '**NO**'} |`,
      );
    }
    if (section.notes?.length) lines.push('', ...section.notes);
    lines.push('');
  }
  return lines.join('\n');
}

export async function writeReport(file: string, markdown: string): Promise<void> {
  await writeFile(file, markdown);
}
