/**
 * `npm run demo`: the main job without a display. Headless Chromium with the extension, connected
 * to the emulator's demo space; clips a sample page through the popup and sends a rich selection
 * to the daily note, printing what arrived, and writes screenshots to .output/demo/.
 * `-- --profile published` makes the emulator answer as the live service's published reference says.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { DEFAULT_PROFILE, isProfileName, PROFILE_NAMES } from '../tests/emulator/profile.ts';
import { DEMO_TOKENS } from '../tests/emulator/seed.ts';
import type { RunningEmulator } from '../tests/emulator/server.ts';
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
const { values } = parseArgs({ options: { profile: { type: 'string' } } });
const emulatorProfile = values.profile ?? DEFAULT_PROFILE;
if (!isProfileName(emulatorProfile)) {
  console.error(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  process.exit(2);
}
const step = (text: string) => console.log(`• ${text}`);

async function api(emulator: RunningEmulator, pathAndQuery: string): Promise<unknown> {
  const answer = await fetch(`${emulator.url}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.demo}` },
  });
  return answer.json();
}

/** The popup as a tab acting on `target` (what the toolbar button opens, at popup size). */
async function openPopup(context: BrowserContext, extensionId: string, target: Page): Promise<Page> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const tabId = await worker.evaluate(
    async (url) => (await chrome.tabs.query({})).find((tab) => tab.url === url)?.id,
    target.url(),
  );
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 640 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
  await popup.getByRole('textbox', { name: 'Title' }).and(popup.locator(':not([value=""])')).waitFor();
  return popup;
}

async function select(page: Page, css: string): Promise<void> {
  await page.evaluate((selector) => {
    const range = document.createRange();
    const article = document.querySelector(selector) as Node;
    range.setStartBefore(article.firstChild as Node);
    range.setEndAfter(article.lastChild as Node);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
  }, css);
}

step('Building the extension for the local emulator…');
const extensionDir = buildLocalExtension();
const emulator = await startLocalEmulator();
emulator.switchProfile(emulatorProfile);
const pages = await startFixtureServer();
step(`Emulator running at ${emulator.url} (demo space seeded, profile ${emulator.profile})`);
const profile = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-demo-'));
const context = await launchChromiumWithExtension({ extensionDir, userDataDir: profile, headless: true });
await mkdir(OUT, { recursive: true });

try {
  const extensionId = await extensionIdOf(context);
  step(`Chromium started with Space Clipper (${extensionId})`);
  const options = await waitForOnboardingTab(context);
  step('The options page opened on install');
  step(`Connected with the personal token ${DEMO_TOKENS.demo}: "${await connectWithToken(options, DEMO_TOKENS.demo)}"`);
  await options.screenshot({ path: path.join(OUT, 'options.png'), fullPage: true });

  // 1. Save a page through the popup, with a tag and notes.
  const article = await context.newPage();
  await article.goto(`${pages.url}/article.html`);
  const popup = await openPopup(context, extensionId, article);
  await popup.getByRole('combobox', { name: 'Tags' }).fill('Cook');
  await popup.locator('[role="listbox"]').getByRole('option', { name: 'Cooking', exact: true }).click();
  await popup.getByRole('textbox', { name: 'Notes' }).fill('Try the **1:1:1** ratio this weekend.');
  await popup.screenshot({ path: path.join(OUT, 'popup-light.png') });
  await popup.emulateMedia({ colorScheme: 'dark' });
  await popup.screenshot({ path: path.join(OUT, 'popup-dark.png') });
  await popup.emulateMedia({ colorScheme: 'light' });
  await popup.getByRole('button', { name: 'Save page' }).click();
  await popup
    .getByRole('status')
    .filter({ hasText: /^(Saved|Queued)$|refused|reach/ })
    .waitFor();
  step(`Saved the page through the popup: "${await popup.getByRole('status').textContent()}"`);
  const search = (await (
    await fetch(`${emulator.url}/objects/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_TOKENS.demo}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Keeping Bread Starters Alive', structureIds: ['MediaWebResource'] }),
    })
  ).json()) as { results: { id: string }[] };
  const weblinkId = search.results[0]?.id;
  console.log('  The object that arrived (GET /object):');
  console.log(JSON.stringify(await api(emulator, `/object?id=${weblinkId}`), null, 2).replace(/^/gm, '    '));

  // 2. A rich selection (list, table, code) to today's daily note.
  await select(article, 'article');
  const popup2 = await openPopup(context, extensionId, article);
  await popup2.getByRole('button', { name: 'Add to daily note' }).click();
  await popup2
    .getByRole('status')
    .filter({ hasText: /^(Saved|Queued)$|refused|reach/ })
    .waitFor();
  await emulator.dailyNotesIdle();
  const today = new Date().toLocaleDateString('sv');
  const notes = (await api(emulator, `/objects/structure?id=RootDailyNote`)) as {
    results: { id: string; title: string }[];
  };
  const note = notes.results.find((entry) => entry.title === today);
  const markdown = (await api(emulator, `/object/markdown?id=${note?.id}`)) as { markdown: string };
  step(`Sent the article's selection to today's daily note (${today}); the Markdown that arrived:`);
  console.log(markdown.markdown.replace(/^/gm, '    '));

  const space = await context.newPage();
  await space.goto(emulator.url);
  await space.screenshot({ path: path.join(OUT, 'emulator-space.png'), fullPage: false });
  step(
    `Screenshots written to ${path.relative(process.cwd(), OUT)}/ (options.png, popup-light.png, popup-dark.png, emulator-space.png)`,
  );
} finally {
  await context.close();
  await pages.close();
  await emulator.close();
  await rm(profile, { recursive: true, force: true });
}
