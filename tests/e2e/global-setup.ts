import { execFileSync } from 'node:child_process';
import { E2E_API_BASE_URL, E2E_MODE, ROOT } from './env';

/**
 * Builds the extension once for the whole run, for Chrome and Firefox, pointed at the emulator.
 * `E2E_SKIP_BUILD=1` reuses the last build (handy while iterating on tests only).
 */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // NODE_ENV=production: the e2e build runs the same React and library code as a store build; only
  // the mode-specific settings (development key, emulator address) differ.
  const env = { ...process.env, NODE_ENV: 'production', SPACE_CLIPPER_API_BASE_URL: E2E_API_BASE_URL };
  for (const browser of ['chrome', 'firefox']) {
    execFileSync('npx', ['wxt', 'build', '-b', browser, '--mode', E2E_MODE], { cwd: ROOT, env, stdio: 'inherit' });
  }
}
