import path from 'node:path';
import { extensionDir, FIREFOX_PATH } from '../../scripts/extension-browser.ts';

/** Where things are for the end-to-end tests; every path can be overridden by the environment. */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export { FIREFOX_PATH };
/**
 * The first worker's emulator port: worker `i` (Playwright's parallel index) has its own emulator
 * on `E2E_EMULATOR_PORT + i`, and its own build made for that address (the build bakes the API
 * base URL in), so the workers share nothing but the machine.
 */
export const E2E_EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 18787);
export const E2E_API_BASE_URL = `http://127.0.0.1:${E2E_EMULATOR_PORT}`;
/**
 * How many workers run flows at once. Three on the 2-core machine: a flow mostly waits (for a
 * browser, a poll, a backoff), so a third worker fills the cores the other two leave idle
 * (bench/results.md, "Test suite", has the measurement).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);
/** The build mode of the e2e builds: a development key (stable id) and the emulator's address. */
export const E2E_MODE = 'e2e';
/** Chrome's id for the development key in wxt.config.ts. */
export const CHROME_EXTENSION_ID = 'kooidenmidbebafggpphlmfpiafeiocd';

/** What one worker runs against: its emulator's port and the builds made for that address. */
export interface WorkerBuild {
  port: number;
  apiBaseUrl: string;
  chromeDir: string;
  firefoxDir: string;
  /** The Firefox build packed: Firefox installs only an archive permanently (to survive a restart). */
  firefoxXpi: string;
}

/** Worker `index`'s port and builds: the first worker's are the builds `wxt` made, the others' are derived from them. */
export function workerBuild(index: number): WorkerBuild {
  const port = E2E_EMULATOR_PORT + index;
  const suffix = index === 0 ? '' : `-worker-${index}`;
  const chromeDir = `${extensionDir('chrome', E2E_MODE)}${suffix}`;
  const firefoxDir = `${extensionDir('firefox', E2E_MODE)}${suffix}`;
  return { port, apiBaseUrl: `http://127.0.0.1:${port}`, chromeDir, firefoxDir, firefoxXpi: `${firefoxDir}.xpi` };
}
