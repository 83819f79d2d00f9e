/**
 * `npm start`: the local workspace emulator plus a browser with Space Clipper connected to its demo
 * space. Close the browser to stop. Without a display it says so and runs `npm run demo`.
 * Options: `-- --data FILE` keeps the emulator's space in FILE across runs; `-- --profile published`
 * makes the emulator answer as the live service's published reference says (default `spec`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PROFILE, isProfileName, PROFILE_NAMES } from '../tests/emulator/profile.ts';
import { DEMO_TOKENS } from '../tests/emulator/seed.ts';
import {
  connectWithToken,
  extensionIdOf,
  launchChromiumWithExtension,
  ROOT,
  waitForOnboardingTab,
} from './extension-browser.ts';
import { startFixtureServer } from './fixture-server.ts';
import { buildLocalExtension, startLocalEmulator } from './local-setup.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, profile: { type: 'string' } } });
const profile = values.profile ?? DEFAULT_PROFILE;
if (!isProfileName(profile)) {
  console.error(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  process.exit(2);
}

if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.log('No display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so no browser window can open.');
  console.log('Running `npm run demo` instead: the same setup in headless Chromium, with screenshots.\n');
  const demo = spawnSync('npm', ['run', 'demo', '--', '--profile', profile], { cwd: ROOT, stdio: 'inherit' });
  process.exit(demo.status ?? 1);
}

console.log('Building the extension for the local emulator…');
const extensionDir = buildLocalExtension();
const emulator = await startLocalEmulator(values.data);
// The state is the same in both profiles, so switching after the start keeps a --data file's space.
emulator.switchProfile(profile);
const pages = await startFixtureServer();
// A profile that survives runs, so the connection (and any waiting clips) stay.
const context = await launchChromiumWithExtension({
  extensionDir,
  userDataDir: path.join(ROOT, '.output', 'local-profile'),
  headless: false,
  viewport: null,
});

const stop = async () => {
  await context.close().catch(() => {});
  await pages.close();
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
context.on('close', () => void stop());

const extensionId = await extensionIdOf(context);
const connections = await context
  .serviceWorkers()[0]
  ?.evaluate(async () => ((await chrome.storage.local.get('connections')).connections ?? []) as unknown[]);
if (!connections?.length) {
  const options = await waitForOnboardingTab(context);
  console.log(await connectWithToken(options, DEMO_TOKENS.demo));
}
const space = context.pages()[0] ?? (await context.newPage());
await space.goto(emulator.url);
const article = await context.newPage();
await article.goto(`${pages.url}/article.html`);

console.log(`
Space Clipper is running.
  Emulator (watch clips arrive): ${emulator.url}
  Emulator profile:              ${emulator.profile}
  A page to clip:                ${pages.url}/article.html
  Extension id:                  ${extensionId}
  Demo tokens:                   ${DEMO_TOKENS.demo} (read/write), ${DEMO_TOKENS.research} (Research space)

Close the browser (or press Ctrl+C) to stop.`);
