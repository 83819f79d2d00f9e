import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/extension-browser.ts';
import type { BenchRow, BenchSection } from './report.ts';

/**
 * The whole `npm test` timed from the outside, once, with the time of each of its steps and its
 * ten slowest tests, read from the JSON reports vitest and Playwright write when
 * `TEST_TIMINGS_DIR` is set (scripts/test-suite.ts, vitest.config.ts, playwright.config.ts).
 */

export const SUITE_TITLE = 'Test suite (npm test)';
const BUDGET_SECONDS = 10 * 60;

interface StepTime {
  step: string;
  seconds: number;
  ok: boolean;
}

interface TestTime {
  title: string;
  seconds: number;
  /** Attempts beyond the first: a test that passed on a retry is flaky. */
  retries: number;
}

interface VitestReport {
  testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[];
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { projectName: string; results: { duration: number }[] }[] }[];
}

function unitTimes(report: VitestReport): TestTime[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      title: `unit › ${path.relative(ROOT, file.name)} › ${test.fullName}`,
      seconds: (test.duration ?? 0) / 1000,
      retries: 0,
    })),
  );
}

function e2eTimes(suite: PlaywrightSuite, titles: string[] = []): TestTime[] {
  const here = suite.title ? [...titles, suite.title] : titles;
  return [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({
        title: `${test.projectName} › ${[...here, spec.title].join(' › ')}`,
        seconds: (test.results.at(-1)?.duration ?? 0) / 1000,
        retries: test.results.length - 1,
      })),
    ),
    ...(suite.suites ?? []).flatMap((child) => e2eTimes(child, here)),
  ];
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

const minutes = (seconds: number) => `${(seconds / 60).toFixed(1)} min (${seconds.toFixed(0)} s)`;

export async function benchSuite(): Promise<BenchSection> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-suite-'));
  try {
    const loadBefore = load();
    const run = spawnSync('npm', ['test'], {
      cwd: ROOT,
      env: { ...process.env, TEST_TIMINGS_DIR: dir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const loadAfter = load();
    const report = async <T>(name: string, empty: T): Promise<T> =>
      JSON.parse(await readFile(path.join(dir, name), 'utf8').catch(() => JSON.stringify(empty))) as T;
    // A step stopped by another's failure writes no report: its tests are then missing from the list.
    const steps = await report<StepTime[]>('steps.json', []);
    const e2eReports = (await readdir(dir)).filter((name) => /^e2e-.*\.json$/.test(name));
    const tests = [
      ...unitTimes(await report<VitestReport>('unit.json', { testResults: [] })),
      ...(await Promise.all(e2eReports.map((name) => report<PlaywrightSuite>(name, { title: '' })))).flatMap((suite) =>
        e2eTimes(suite),
      ),
    ];
    const whole = steps.find((step) => step.step === 'npm test') ?? { step: 'npm test', seconds: NaN, ok: false };
    const flaky = tests.filter((test) => test.retries > 0);
    const rows: BenchRow[] = [
      {
        figure: 'whole `npm test`, wall clock',
        value: `${minutes(whole.seconds)}${run.status === 0 ? '' : ', FAILED'}`,
        budget: `≤ ${BUDGET_SECONDS / 60} min, every test passing`,
        ok: run.status === 0 && whole.seconds <= BUDGET_SECONDS,
      },
      ...steps
        .filter((step) => step !== whole)
        .map((step) => ({
          figure: `step \`${step.step}\`, from its start to its end`,
          value: `${step.seconds.toFixed(1)} s${step.ok ? '' : ', FAILED'}`,
          budget: 'reported',
          ok: step.ok,
        })),
      {
        figure: 'tests passed only on a retry (flaky)',
        value: flaky.length === 0 ? '0' : `${flaky.length}: ${flaky.map((test) => test.title).join('; ')}`,
        budget: '0',
        ok: flaky.length === 0,
      },
      ...[...tests]
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 10)
        .map((test, index) => ({
          figure: `slowest test ${index + 1}: ${test.title.replaceAll('|', '\\|')}`,
          value: `${test.seconds.toFixed(1)} s`,
          budget: 'reported',
          ok: true,
        })),
    ];
    return {
      title: SUITE_TITLE,
      rows,
      notes: [
        `Measured ${new Date().toISOString()} by \`npm run bench -- --only suite\`: one run of \`npm test\` on ${os.cpus().length} cores, load average (1 / 5 / 15 min) ${loadBefore} before and ${loadAfter} after; other work on the machine slows it.`,
        'The lanes of `npm test` run side by side (scripts/test-suite.ts), so the steps add up to more than the whole. A test time is its last attempt, its fixtures included.',
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
