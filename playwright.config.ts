import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive the built extension in real browsers against the workspace emulator.
 * One worker: each test launches its own browser profile, and the 2-core CI machine runs them
 * faster one at a time than contending.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { actionTimeout: 10_000 },
  outputDir: 'test-results',
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  projects: [
    { name: 'chromium', testMatch: /.*\.spec\.ts$/, testIgnore: /firefox\/.*/ },
    {
      name: 'firefox',
      testMatch: /firefox\/.*\.spec\.ts$/,
      // One retry, Firefox only: on a loaded machine its WebDriver BiDi session now and then misses a
      // tab the extension opened (seen once in 135 × several full runs, never twice in a row). A
      // retried test is reported as flaky, so a real failure still fails.
      retries: 1,
    },
  ],
});
