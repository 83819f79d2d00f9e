import { buildForEmulator } from '../../scripts/extension-browser.ts';
import { E2E_API_BASE_URL, E2E_MODE } from './env';

/**
 * Builds the extension once for the whole run, for Chrome and Firefox, pointed at the emulator.
 * `E2E_SKIP_BUILD=1` reuses the last build (handy while iterating on tests only).
 */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  buildForEmulator({ mode: E2E_MODE, apiBaseUrl: E2E_API_BASE_URL, browsers: ['chrome', 'firefox'] });
}
