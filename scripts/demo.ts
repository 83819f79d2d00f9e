/**
 * `npm run demo`: the main job without a display. Headless Chromium with the extension, connected
 * to the emulator's demo space; prints what it did and writes screenshots to .output/demo/.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

const OUT = path.join(ROOT, '.output', 'demo');

const step = (text: string) => console.log(`• ${text}`);

step('Building the extension for the local emulator…');
const extensionDir = buildLocalExtension();
const emulator = await startLocalEmulator();
const pages = await startFixtureServer();
step(`Emulator running at ${emulator.url} (demo space seeded)`);
const profile = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-demo-'));
const context = await launchChromiumWithExtension({ extensionDir, userDataDir: profile, headless: true });
await mkdir(OUT, { recursive: true });

try {
  const extensionId = await extensionIdOf(context);
  step(`Chromium started with Space Clipper (${extensionId})`);
  const options = await waitForOnboardingTab(context);
  step('The options page opened on install');
  const status = await connectWithToken(options, DEMO_TOKENS.demo);
  step(`Connected with the personal token ${DEMO_TOKENS.demo}: "${status}"`);
  await options.screenshot({ path: path.join(OUT, 'options.png'), fullPage: true });

  const space = await context.newPage();
  await space.goto(emulator.url);
  await space.screenshot({ path: path.join(OUT, 'emulator-space.png'), fullPage: false });
  step(`Screenshots written to ${path.relative(process.cwd(), OUT)}/ (options.png, emulator-space.png)`);
} finally {
  await context.close();
  await pages.close();
  await emulator.close();
  await rm(profile, { recursive: true, force: true });
}
