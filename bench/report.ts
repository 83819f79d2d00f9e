import { readFile, writeFile } from 'node:fs/promises';

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

const HEADING = '# Space Clipper benchmarks';

function renderSection(section: BenchSection): string {
  const lines = [
    `## ${section.title}`,
    '',
    '| figure | measured | baseline (same run) | budget | within |',
    '|---|---|---|---|---|',
  ];
  for (const row of section.rows) {
    lines.push(
      `| ${row.figure} | ${row.value} | ${row.baseline ?? '—'} | ${row.budget} | ${row.ok ? 'yes' : '**NO**'} |`,
    );
  }
  if (section.notes?.length) lines.push('', ...section.notes);
  lines.push('');
  return lines.join('\n');
}

function renderHeader(meta: string[]): string {
  return [HEADING, '', ...meta.map((m) => `- ${m}`), ''].join('\n');
}

export function renderMarkdown(sections: BenchSection[], meta: string[]): string {
  return [renderHeader(meta), ...sections.map(renderSection)].join('\n');
}

/** A report's header (up to its first section) and its sections by title, in order. */
function parseReport(markdown: string): { header: string; sections: Map<string, string> } {
  const [header = '', ...parts] = markdown.split(/^(?=## )/m);
  return {
    header,
    sections: new Map(parts.map((part) => [/^## (.*)$/m.exec(part)?.[1] ?? '', part.replace(/\n*$/, '\n')])),
  };
}

/**
 * Writes this run's sections into the report, in place of the same sections of the last one; the
 * sections this run did not measure stay as they were (the test suite's, measured on its own, or
 * everything else when only the suite was measured). `meta` replaces the header, when given.
 */
export async function writeReport(file: string, sections: BenchSection[], meta?: string[]): Promise<void> {
  const existing = parseReport(await readFile(file, 'utf8').catch(() => ''));
  const merged = new Map(meta ? [] : existing.sections);
  for (const section of sections) merged.set(section.title, renderSection(section));
  if (meta) for (const [title, text] of existing.sections) if (!merged.has(title)) merged.set(title, text);
  const header = meta ? renderHeader(meta) : existing.header || renderHeader([]);
  await writeFile(file, [header, ...merged.values()].join('\n'));
}
