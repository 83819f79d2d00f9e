/**
 * `npm test`: every check of the project, in two lanes that run side by side, because the
 * end-to-end tests mostly wait (for browsers, polls, backoffs) and leave the cores to the checks
 * that only compute:
 *
 * - `lint:firefox`, then the end-to-end flows: one after the other, because both build the store
 *   Firefox build into the same folder (the e2e run packs the store zips). This lane is the longest.
 * - `typecheck`, then `lint`, then `test:unit`. At the same priority as the browsers: at a lower
 *   one (`nice`), other work on a shared machine starved them until this lane outlasted the other
 *   and a test ran past its own timeout.
 *
 * Then, once both lanes are done, the flows that need the cores to themselves (flow.ts, `alone`):
 * `npm run test:e2e` runs them last too, but in `npm test` the unit tests could still be running
 * beside them.
 *
 * The first step to fail stops the others (as `a && b` would) and decides the exit status. Each
 * line a step prints is prefixed with its name. With `TEST_TIMINGS_DIR`, every step's time goes to
 * `steps.json` there, and vitest and Playwright write their JSON reports beside it (bench/suite.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

const npmRun = (script: string): Step => ({ name: script, command: ['npm', 'run', '--silent', script] });

/** The Playwright projects of playwright.config.ts, as one step; `E2E_RUN` names its reports. */
const flows = (name: string, run: string, projects: string[], extra: string[] = []): Step => ({
  name,
  command: ['npx', 'playwright', 'test', ...projects.flatMap((project) => ['--project', project]), ...extra],
  env: { E2E_RUN: run },
});

const LANES: Step[][] = [
  [npmRun('lint:firefox'), flows('test:e2e', 'parallel', ['chromium', 'firefox'])],
  [npmRun('typecheck'), npmRun('lint'), npmRun('test:unit')],
];
const LAST: Step = {
  // Without the projects they depend on, which ran in the lane; one test at a time, as they would.
  ...flows('test:e2e alone', 'alone', ['chromium, alone', 'firefox, alone'], ['--no-deps', '--workers', '1']),
  // The build of the step before.
  env: { E2E_RUN: 'alone', E2E_SKIP_BUILD: '1' },
};

interface StepTime {
  step: string;
  seconds: number;
  ok: boolean;
}

const running = new Set<ChildProcess>();
const times: StepTime[] = [];
let failed: string | undefined;

function runStep({ name: step, command: [program, ...args], env }: Step): Promise<boolean> {
  const started = performance.now();
  // Its own process group, so that stopping it stops the browsers and builds it started.
  const child = spawn(program as string, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, ...env },
  });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${step}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      running.delete(child);
      const ok = code === 0;
      times.push({ step, seconds: (performance.now() - started) / 1000, ok });
      resolve(ok);
    });
  });
}

/** Stops every running step with everything it started (each is its own process group). */
function stopAll(): void {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

async function runLane(steps: Step[]): Promise<void> {
  for (const step of steps) {
    if (failed) return;
    if (!(await runStep(step)) && !failed) {
      failed = step.name;
      stopAll();
    }
  }
}

// The steps are not in this terminal's process group: Ctrl-C reaches them through here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

const started = performance.now();
await Promise.all(LANES.map(runLane));
await runLane([LAST]);
times.push({ step: 'npm test', seconds: (performance.now() - started) / 1000, ok: !failed });

for (const { step, seconds, ok } of times) console.log(`${ok ? '✓' : '✘'} ${step.padEnd(15)} ${seconds.toFixed(1)} s`);
const timingsDir = process.env.TEST_TIMINGS_DIR;
if (timingsDir) {
  mkdirSync(timingsDir, { recursive: true });
  writeFileSync(path.join(timingsDir, 'steps.json'), JSON.stringify(times, null, 2));
}
if (failed) {
  console.error(`npm test: ${failed} failed`);
  process.exitCode = 1;
}
