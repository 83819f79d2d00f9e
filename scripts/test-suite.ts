/**
 * `npm test`: every check of the project, in two lanes that run side by side, because the
 * end-to-end tests mostly wait (for browsers, polls, backoffs) and leave the cores to the checks
 * that only compute:
 *
 * - `lint:firefox`, then `test:e2e`: one after the other, because both build the store Firefox
 *   build into the same folder (the e2e run packs the store zips). This lane is the longest.
 * - `typecheck`, then `lint`, then `test:unit`. At the same priority as the browsers: at a lower
 *   one (`nice`), other work on a shared machine starved them until this lane outlasted the other
 *   and a test ran past its own timeout.
 *
 * The first step to fail stops the others (as `a && b` would) and decides the exit status. Each
 * line a step prints is prefixed with its name. With `TEST_TIMINGS_DIR`, every step's time goes to
 * `steps.json` there, and vitest and Playwright write their JSON reports beside it (bench/suite.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const LANES: string[][] = [
  ['lint:firefox', 'test:e2e'],
  ['typecheck', 'lint', 'test:unit'],
];

interface StepTime {
  step: string;
  seconds: number;
  ok: boolean;
}

const running = new Set<ChildProcess>();
const times: StepTime[] = [];
let failed: string | undefined;

function runStep(step: string): Promise<boolean> {
  const started = performance.now();
  // Its own process group, so that stopping it stops the browsers and builds it started.
  const child = spawn('npm', ['run', '--silent', step], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
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

async function runLane(steps: string[]): Promise<void> {
  for (const step of steps) {
    if (failed) return;
    if (!(await runStep(step)) && !failed) {
      failed = step;
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
times.push({ step: 'npm test', seconds: (performance.now() - started) / 1000, ok: !failed });

for (const { step, seconds, ok } of times) console.log(`${ok ? '✓' : '✘'} ${step.padEnd(13)} ${seconds.toFixed(1)} s`);
const timingsDir = process.env.TEST_TIMINGS_DIR;
if (timingsDir) {
  mkdirSync(timingsDir, { recursive: true });
  writeFileSync(path.join(timingsDir, 'steps.json'), JSON.stringify(times, null, 2));
}
if (failed) {
  console.error(`npm test: ${failed} failed`);
  process.exitCode = 1;
}
