/**
 * `npm start`: the local workspace emulator plus a browser with Space Clipper connected to its demo
 * space. Close the browser to stop. Without a display it says so and runs `npm run demo`.
 * Options: `-- --data FILE` keeps the emulator's space in FILE across runs; `-- --profile published`
 * makes the emulator answer as the live service's published reference says (default `spec`);
 * `-- --browser firefox` opens Firefox ESR instead of Chromium.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchDriven } from '../tests/e2e/driver/launch-driven.ts';
import { connectWithToken } from '../tests/e2e/flows/steps.ts';
import { DEFAULT_PROFILE, isProfileName, PROFILE_NAMES } from '../tests/emulator/profile.ts';
import { DEMO_TOKENS } from '../tests/emulator/seed.ts';
import { BROWSER_CHOICES, isBrowserChoice, ROOT } from './extension-browser.ts';
import { startFixtureServer } from './fixture-server.ts';
import { LOCAL_API_BASE_URL, LOCAL_MODE, startLocalEmulator } from './local-setup.ts';

const { values } = parseArgs({
  options: { data: { type: 'string' }, profile: { type: 'string' }, browser: { type: 'string' } },
});
const profile = values.profile ?? DEFAULT_PROFILE;
if (!isProfileName(profile)) {
  console.error(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  process.exit(2);
}
const browser = values.browser ?? 'chromium';
if (!isBrowserChoice(browser)) {
  console.error(`--browser must be one of ${BROWSER_CHOICES.join(', ')}`);
  process.exit(2);
}
const browserName = browser === 'firefox' ? 'Firefox ESR' : 'Chromium';

if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.log('No display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so no browser window can open.');
  console.log(`Running \`npm run demo\` instead: the same setup in headless ${browserName}, with screenshots.\n`);
  const demo = spawnSync('npm', ['run', 'demo', '--', '--profile', profile, '--browser', browser], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  process.exit(demo.status ?? 1);
}

const emulator = await startLocalEmulator(values.data);
// The state is the same in both profiles, so switching after the start keeps a --data file's space.
emulator.switchProfile(profile);
const pages = await startFixtureServer();
console.log('Building the extension for the local emulator…');
// A profile that survives runs, so the connection (and any waiting clips) stay.
const running = await launchDriven(browser, {
  mode: LOCAL_MODE,
  apiBaseUrl: LOCAL_API_BASE_URL,
  headless: false,
  profileDir: path.join(ROOT, '.output', browser === 'firefox' ? 'local-profile-firefox' : 'local-profile'),
});

const stop = async () => {
  await running.close();
  await pages.close();
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
void running.closed.then(stop);

const { driver } = running;
const extensionId = await driver.inExtension(() => chrome.runtime.id, undefined);
const { connections } = await driver.sendToBackground('getConnections');
if (connections.length === 0) {
  const options = await driver.options();
  await connectWithToken(options, DEMO_TOKENS.demo);
  const deadline = Date.now() + 10_000;
  while ((await options.status()) === '' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  console.log(await options.status());
}
await driver.openPage(emulator.url);
await driver.openPage(`${pages.url}/article.html`);
await driver.closeControlTab();

console.log(`
Space Clipper is running.
  Emulator (watch clips arrive): ${emulator.url}
  Emulator profile:              ${emulator.profile}
  A page to clip:                ${pages.url}/article.html
  Extension id:                  ${extensionId}
  Demo tokens:                   ${DEMO_TOKENS.demo} (read/write), ${DEMO_TOKENS.research} (Research space)

Close the browser (or press Ctrl+C) to stop.`);
