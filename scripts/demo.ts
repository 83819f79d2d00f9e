/**
 * `npm run demo`: the main job without a display. A headless browser with the extension, connected
 * to the emulator's demo space; clips a sample page through the popup and sends a rich selection
 * to the daily note, printing what arrived, and writes screenshots to .output/demo/ (Chromium) or
 * .output/demo/firefox/ (Firefox ESR).
 * `-- --profile published` makes the emulator answer as the live service's published reference says;
 * `-- --browser firefox` runs it in Firefox ESR (default `chromium`).
 * The steps are driven as the end-to-end flows drive them (tests/e2e/driver), in either browser.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ClipTemplate } from '../lib/message-schemas.ts';
import { button, combobox, type Driver, labelled, textbox, type UiPage } from '../tests/e2e/driver/driver.ts';
import { launchDriven } from '../tests/e2e/driver/launch-driven.ts';
import { connectWithToken } from '../tests/e2e/flows/steps.ts';
import { DEFAULT_PROFILE, isProfileName, PROFILE_NAMES } from '../tests/emulator/profile.ts';
import { DEMO, DEMO_TOKENS } from '../tests/emulator/seed.ts';
import type { RunningEmulator } from '../tests/emulator/server.ts';
import { highlightArticle, highlightScreenshots } from './demo-highlights.ts';
import { BROWSER_CHOICES, isBrowserChoice, ROOT } from './extension-browser.ts';
import { startFixtureServer } from './fixture-server.ts';
import { LOCAL_API_BASE_URL, LOCAL_MODE, startLocalEmulator } from './local-setup.ts';

const { values } = parseArgs({ options: { profile: { type: 'string' }, browser: { type: 'string' } } });
const emulatorProfile = values.profile ?? DEFAULT_PROFILE;
if (!isProfileName(emulatorProfile)) {
  console.error(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  process.exit(2);
}
const browser = values.browser ?? 'chromium';
if (!isBrowserChoice(browser)) {
  console.error(`--browser must be one of ${BROWSER_CHOICES.join(', ')}`);
  process.exit(2);
}
const OUT = path.join(ROOT, '.output', 'demo', ...(browser === 'firefox' ? ['firefox'] : []));
/** The toolbar popup's size, so the screenshots look like the popup. */
const POPUP_SIZE = { width: 400, height: 640 };
const step = (text: string) => console.log(`• ${text}`);

async function api(emulator: RunningEmulator, pathAndQuery: string): Promise<unknown> {
  const answer = await fetch(`${emulator.url}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.demo}` },
  });
  return answer.json();
}

/** Waits for the page's status region to say something matching `pattern`, and answers it. */
async function statusMatching(page: UiPage, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = await page.status();
    if (pattern.test(status)) return status;
    if (Date.now() > deadline) throw new Error(`the status still says "${status}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The popup at popup size, acting on the sample article, once it has read the article's title. */
async function popupOnArticle(driver: Driver, articleUrl: string): Promise<UiPage> {
  const article = await driver.openPage(articleUrl);
  const popup = await driver.popup(article, POPUP_SIZE);
  const deadline = Date.now() + 10_000;
  while ((await popup.value(textbox('Title'))) === '') {
    if (Date.now() > deadline) throw new Error('the popup did not read the page title');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return popup;
}

/** What the demo clips: a tag and notes. */
async function fillClip(popup: UiPage): Promise<void> {
  await popup.fill(combobox('Tags'), 'Cook');
  await popup.pickSuggestion('Cooking');
  await popup.fill(textbox('Notes'), 'Try the **1:1:1** ratio this weekend.');
}

const DONE = /^(Saved$|Queued: )|did not accept|reach/;

/** The demo space's clip template: four fields from the page, and notes naming the author. */
const CLIP_TEMPLATE: ClipTemplate = {
  fieldMappings: [
    { propertyId: DEMO.properties.weblink.readOn, source: 'published' },
    { propertyId: DEMO.properties.weblink.rating, source: 'wordCount' },
    { propertyId: DEMO.properties.weblink.source, source: 'canonicalUrl' },
    {
      propertyId: DEMO.properties.weblink.status,
      source: 'fixed',
      value: { type: 'label', optionId: DEMO.labels.weblinkStatus.reading },
    },
  ],
  notesTemplate: 'By {{author}}, from {{site}} ({{published}})\n\n{{selection}}',
};

/** Scrolls the page until the heading or label saying `name` is at `block`, for a screenshot of its section. */
async function scrollTo(page: UiPage, name: string, block: ScrollLogicalPosition = 'start'): Promise<void> {
  await page.evaluate(
    ({ wanted, where }) => {
      const found = [...document.querySelectorAll('h2, h3, label, legend')].find(
        (element) => element.textContent?.trim() === wanted,
      );
      if (!found) throw new Error(`nothing says "${wanted}"`);
      found.scrollIntoView({ block: where });
    },
    { wanted: name, where: block },
  );
}

const emulator = await startLocalEmulator();
emulator.switchProfile(emulatorProfile);
const pages = await startFixtureServer();
step(`Emulator running at ${emulator.url} (demo space seeded, profile ${emulator.profile})`);
step('Building the extension for the local emulator…');
const session = await launchDriven(browser, { mode: LOCAL_MODE, apiBaseUrl: LOCAL_API_BASE_URL, headless: true });
await mkdir(OUT, { recursive: true });

try {
  const { driver } = session;
  step(`${browser === 'firefox' ? 'Firefox ESR' : 'Chromium'} started with Space Clipper`);
  // The demo space's clip template, as if set in the options page before: fields from the page, notes.
  await driver.sendToBackground('saveClipTemplate', { spaceId: DEMO.spaceId, template: CLIP_TEMPLATE });
  const options = await driver.options();
  step('The options page opened on install');
  await connectWithToken(options, DEMO_TOKENS.demo);
  step(`Connected with the personal token ${DEMO_TOKENS.demo}: "${await statusMatching(options, /\S/)}"`);
  await options.screenshot(path.join(OUT, 'options.png'), { fullPage: true });

  // The clip template in the options page, and the popup keeping the article.
  const templateDeadline = Date.now() + 10_000;
  while ((await options.value(textbox('Notes template'))) === '') {
    if (Date.now() > templateDeadline) throw new Error('the options page did not show the clip template');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await scrollTo(options, 'Clip template');
  await options.screenshot(path.join(OUT, 'field-mapping.png'));
  await scrollTo(options, 'Notes template');
  await options.screenshot(path.join(OUT, 'notes-template.png'));
  const keeping = await popupOnArticle(driver, `${pages.url}/article.html`);
  await keeping.click({ role: 'radio', name: 'Article' });
  await keeping.waitFor({ role: 'radio', name: 'Article' });
  const lengthDeadline = Date.now() + 10_000;
  while (!/words, about/.test(await keeping.text())) {
    if (Date.now() > lengthDeadline) throw new Error('the popup did not show the article length');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await scrollTo(keeping, 'Keep', 'center');
  await keeping.screenshot(path.join(OUT, 'keep-article.png'));
  step('Set a clip template (fields from the page, a notes template) and chose to keep the article');
  await keeping.close();

  // 1. Save a page through the popup, with a tag and notes (shown light, then dark).
  const articleUrl = `${pages.url}/article.html`;
  const light = await popupOnArticle(driver, articleUrl);
  await fillClip(light);
  await light.screenshot(path.join(OUT, 'popup-light.png'));
  // Firefox takes the color scheme at its start only, so the popup is opened and filled again.
  await driver.setColorScheme('dark');
  const popup = await popupOnArticle(driver, articleUrl);
  await fillClip(popup);
  await popup.screenshot(path.join(OUT, 'popup-dark.png'));
  await popup.click(button('Save page'));
  step(`Saved the page through the popup: "${await statusMatching(popup, DONE)}"`);
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
  const article = await driver.openPage(articleUrl);
  await article.selectContents('article');
  const popup2 = await driver.popup(article, POPUP_SIZE);
  await popup2.click(button('Add to daily note'));
  await statusMatching(popup2, DONE);
  await emulator.dailyNotesIdle();
  const today = new Date().toLocaleDateString('sv');
  const notes = (await api(emulator, `/objects/structure?id=RootDailyNote`)) as {
    results: { id: string; title: string }[];
  };
  const note = notes.results.find((entry) => entry.title === today);
  const markdown = (await api(emulator, `/object/markdown?id=${note?.id}`)) as { markdown: string };
  step(`Sent the article's selection to today's daily note (${today}); the Markdown that arrived:`);
  console.log(markdown.markdown.replace(/^/gm, '    '));

  // 3. Capture rules (issue #24): the rules file imported in the options page, its Paper rule open.
  const rules = await driver.options();
  await rules.waitFor(button('Add a blank rule'));
  const rulesFile = await (await fetch(`${pages.url}/capture/rules.json`)).text();
  await rules.chooseFile(labelled('Import rules'), { name: 'rules.json', text: rulesFile });
  step(`Imported capture rules: "${await statusMatching(rules, /^Rules imported/)}"`);
  await rules.click(button('Edit'));
  await rules.waitFor(button('Save rule'));
  await scrollTo(rules, 'Capture rules');
  await rules.screenshot(path.join(OUT, 'capture-rules.png'));
  await scrollTo(rules, 'Fields');
  await rules.screenshot(path.join(OUT, 'capture-rule-fields.png'));
  const paper = await driver.popup(await driver.openPage(`${pages.url}/capture/paper.html`), POPUP_SIZE);
  const ruleDeadline = Date.now() + 20_000;
  while (!(await paper.text()).includes('Rule: Paper')) {
    if (Date.now() > ruleDeadline) throw new Error('the popup did not show the Paper rule');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await paper.screenshot(path.join(OUT, 'popup-rule.png'));
  step('The popup on a paper shows "Rule: Paper", prefilled from it');

  const space = await driver.openPage(emulator.url);
  await space.screenshot(path.join(OUT, 'emulator-space.png'));

  // 3. Highlights on the article, drawn again and listed in the popup: dark (the scheme now), then light.
  await highlightArticle(driver, articleUrl);
  step('Highlighted three passages of the article, one recoloured green, one with a note');
  const shots = { articleUrl, out: OUT, popupSize: POPUP_SIZE };
  const highlightFiles = await highlightScreenshots(driver, { ...shots, scheme: 'dark' });
  await driver.setColorScheme('light');
  highlightFiles.push(...(await highlightScreenshots(driver, { ...shots, scheme: 'light' })));
  step(
    `Screenshots written to ${path.relative(process.cwd(), OUT)}/ (options.png, field-mapping.png, notes-template.png, keep-article.png, popup-light.png, popup-dark.png, capture-rules.png, capture-rule-fields.png, popup-rule.png, emulator-space.png, ${highlightFiles.join(', ')})`,
  );
} finally {
  await session.close();
  await pages.close();
  await emulator.close();
}
