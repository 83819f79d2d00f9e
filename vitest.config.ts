import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { BUILD_DEFINES } from './wxt.config.ts';

/** `npm run bench -- --only suite` reads every test's time from here (bench/suite.ts). */
const timings = process.env.TEST_TIMINGS_DIR;

/**
 * The extension's code under the fake browser (WXT's) and happy-dom. A unit test lives beside the
 * code it tests; tests/unit holds only the tests of the whole tree (its shape, its builds, its
 * locales) and the set-up every unit test shares. Every file, in every project, runs in a fresh
 * module graph: several modules keep state for the worker's life (token refreshes, server memory,
 * the outbox's timers, and lib/api's traits of each server, which the contract tests reach too)
 * and some files mock modules.
 */
const extension = {
  plugins: [WxtVitest()],
  define: BUILD_DEFINES,
};

/**
 * A bound for a test that hangs, not a measure of speed: long enough for a file that builds a large
 * page in happy-dom (3 s alone) while `npm test` runs the browsers of the end-to-end tests on the
 * same two cores, on a machine shared with other work (Vitest's 5 s was missed so, and 20 s too).
 */
const TEST_TIMEOUT_MS = 60_000;

export default defineConfig({
  test: {
    ...(timings ? { reporters: ['default', 'json'], outputFile: { json: path.join(timings, 'unit.json') } } : {}),
    // Vitest's default is one worker fewer than the cores: a single one on this 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        ...extension,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          globals: true,
          include: ['lib/**/*.test.ts', 'entrypoints/**/*.test.ts', 'tests/unit/*.test.ts'],
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        ...extension,
        test: {
          name: 'components',
          environment: 'happy-dom',
          globals: true,
          include: ['components/**/*.test.{ts,tsx}', '{lib,entrypoints}/**/*.test.tsx'],
          setupFiles: ['tests/unit/setup.ts', 'tests/unit/setup-components.ts'],
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          globals: true,
          include: ['tests/emulator/**/*.test.ts', 'tests/contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
    ],
  },
});
