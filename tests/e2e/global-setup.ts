import type { FullConfig } from '@playwright/test';
import { buildForEmulator } from '../../scripts/extension-browser.ts';
import { E2E_MODE, workerBuild } from './env';
import { deriveWorkerBuilds } from './worker-builds';

/**
 * Builds the extension once for the whole run, for Chrome and Firefox, pointed at the first
 * worker's emulator, and derives every other worker's build from it (worker-builds.ts).
 * `E2E_SKIP_BUILD=1` reuses the last build (handy while iterating on tests only).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    buildForEmulator({ mode: E2E_MODE, apiBaseUrl: workerBuild(0).apiBaseUrl, browsers: ['chrome', 'firefox'] });
  }
  await deriveWorkerBuilds(config.workers);
}
