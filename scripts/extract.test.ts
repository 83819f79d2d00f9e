import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(ROOT, 'tests/fixtures/capture');
const run = promisify(execFile);

function extract(...args: string[]) {
  return run(process.execPath, [path.join(ROOT, 'scripts/extract.ts'), ...args], { cwd: ROOT, timeout: 120_000 });
}

describe('npm run extract', () => {
  it('prints what a clip of a saved paper page would hold, as headless Chromium parses it', async () => {
    const { stdout } = await extract(
      path.join(FIXTURES, 'paper.html'),
      '--url',
      'https://journal.example/articles/analytical-engine',
      '--rules',
      path.join(FIXTURES, 'rules.json'),
      '--space',
      path.join(FIXTURES, 'space.json'),
      '--now',
      '2026-01-31T12:00:00Z',
    );
    const report = JSON.parse(stdout);
    expect(report.rule).toEqual({ index: 0, name: 'Paper' });
    expect(report.type).toEqual({
      kind: 'object',
      structureId: 'custom-paper',
      structureTitle: 'Paper',
    });
    expect(report.pageValues.doi).toEqual([{ value: '10.5555/jch.2021.0012', from: 'meta:citation_doi' }]);
    expect(report.fields['paper-published']).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: '2021-03-15T00:00:00.000Z' },
    });
    expect(report.links[0].outcomes).toEqual([
      { name: 'Ada Lovelace', found: { id: 'person-ada', structureId: 'custom-person', title: 'Ada Lovelace' } },
      { name: 'Grace Hopper', create: { structureId: 'custom-person', title: 'Grace Hopper' } },
      { name: 'Charles Babbage', create: { structureId: 'custom-person', title: 'Charles Babbage' } },
    ]);
    expect(report.suggestedTags).toEqual([{ id: 'tag-history', title: 'History of computing' }]);
    expect(report.notes).toBe('Ada Lovelace, Grace Hopper, Charles Babbage (2021-03-15)');
  }, 120_000);

  it('names the first wrong field of a rules file, and fails', async () => {
    const rules = path.join(os.tmpdir(), `space-clipper-bad-rules-${process.pid}.json`);
    await writeFile(
      rules,
      JSON.stringify({ version: 1, rules: [{ name: 'x', enabled: true, match: {}, target: { kind: 'page' } }] }),
    );
    const failure = await extract(
      path.join(FIXTURES, 'paper.html'),
      '--url',
      'https://a.example/',
      '--rules',
      rules,
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('rules[0].target.kind: expected one of "weblink", "object"');
  }, 120_000);
});
