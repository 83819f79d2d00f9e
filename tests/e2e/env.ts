import path from 'node:path';
import { FIREFOX_PATH } from '../../scripts/extension-browser.ts';

/** Where things are for the end-to-end tests; every path can be overridden by the environment. */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export { FIREFOX_PATH };
/** The emulator port the e2e build is made for (the build bakes the API base URL in). */
export const E2E_EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 18787);
export const E2E_API_BASE_URL = `http://127.0.0.1:${E2E_EMULATOR_PORT}`;
/** The build mode of the e2e builds: a development key (stable id) and the emulator's address. */
export const E2E_MODE = 'e2e';
export const CHROME_EXTENSION_DIR = path.join(ROOT, '.output', `chrome-mv3-${E2E_MODE}`);
export const FIREFOX_EXTENSION_DIR = path.join(ROOT, '.output', `firefox-mv3-${E2E_MODE}`);
/** The same Firefox build packed: Firefox installs only an archive permanently (to survive a restart). */
export const FIREFOX_XPI = `${FIREFOX_EXTENSION_DIR}.xpi`;
/** Chrome's id for the development key in wxt.config.ts. */
export const CHROME_EXTENSION_ID = 'kooidenmidbebafggpphlmfpiafeiocd';
