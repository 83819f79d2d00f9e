/**
 * `npm run screenshots`: the store listing's images, taken from the real extension built for the
 * local emulator, in Chromium and in Firefox ESR, light and dark (store/screenshots/README.md):
 * `store/screenshots/<chrome|firefox>-<light|dark>-<popup|options|outbox>.png` at 1280 × 800 and
 * `chrome-promo-tile.png` at 440 × 280, each a 24-bit PNG without alpha.
 *
 * `-- --locale <code>` (again for more, or `all` for every folder under public/_locales) writes the
 * popup and the options page in those languages to .output/screenshots/locales/ instead.
 * `-- --browser chromium|firefox` takes one browser (default both).
 *
 * Every page shot is checked for clipped or overflowing text (scripts/text-overflow.ts); the run
 * fails with the list of what does not fit. Hold the e2e lock for the whole run:
 *   flock /tmp/sc-e2e.lock npm run screenshots
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { WeblinkRequest } from '../lib/messaging.ts';
import {
  button,
  combobox,
  type Driver,
  heading,
  type PageSize,
  type Tab,
  textbox,
  type UiPage,
} from '../tests/e2e/driver/driver.ts';
import { type DrivenBrowser, launchDriven } from '../tests/e2e/driver/launch-driven.ts';
import { DEMO, DEMO_TOKENS } from '../tests/emulator/seed.ts';
import type { RunningEmulator } from '../tests/emulator/server.ts';
import { BROWSER_CHOICES, type BrowserChoice, isBrowserChoice, ROOT } from './extension-browser.ts';
import { LOCAL_API_BASE_URL, LOCAL_MODE, startLocalEmulator } from './local-setup.ts';
import { browserLocaleTag, DEFAULT_LOCALE, extensionLocales, LocaleMessages } from './locale-messages.ts';
import { ScreenshotCompositor, type Theme } from './screenshot-compositor.ts';
import { describeOverflow, findOverflowingText } from './text-overflow.ts';

const STORE_DIR = path.join(ROOT, 'store', 'screenshots');
/** The web page the screenshots clip, at the address it is served at. */
const SAMPLE_ARTICLE = path.join(STORE_DIR, 'sample-article.html');
const ARTICLE_PATH = '/articles/keeping-bread-starters-alive';
const LOCALES_OUT = path.join(ROOT, '.output', 'screenshots', 'locales');
/** What both stores take for a screenshot. */
const STORE_SIZE = { width: 1280, height: 800 };
const PROMO_TILE_SIZE = { width: 440, height: 280 };
/**
 * The toolbar popup: as wide as its page makes itself (components/theme.css, `.popup`), and as
 * tall as Chrome and Firefox let a popup grow (600 px; it scrolls beyond).
 */
const POPUP_SIZE = { width: 380, height: 600 };
const THEMES: Theme[] = ['light', 'dark'];
/** The names the store images take per browser (store/screenshots/README.md). */
const FILE_PREFIX: Record<BrowserChoice, string> = { chromium: 'chrome', firefox: 'firefox' };

/** Clips that wait in the outbox while the service cannot be reached. */
const WAITING_CLIPS: WeblinkRequest[] = [
  {
    kind: 'page',
    url: 'https://www.example.org/kitchen/why-rye-wakes-a-starter',
    title: 'Why rye flour wakes a sleepy starter',
    tags: [{ kind: 'existing', id: DEMO.tags.cooking, title: 'Cooking' }],
    properties: {},
    notes: '',
    existingObjectIds: [],
  },
  {
    kind: 'link',
    url: 'https://www.example.com/guides/dutch-oven-baking',
    title: 'Baking in a Dutch oven: a field guide',
    tags: [],
    properties: {},
    notes: '',
    existingObjectIds: [],
  },
];

/** A clip whose tag is deleted while it waits (`queueRefusedClip`). */
const REFUSED_CLIP: WeblinkRequest = {
  kind: 'page',
  url: 'https://www.example.net/travel/bread-of-the-alps',
  title: 'Bread of the Alps',
  tags: [{ kind: 'existing', id: DEMO.tags.travel, title: 'Travel' }],
  properties: {},
  notes: '',
  existingObjectIds: [],
};

const { values } = parseArgs({
  options: { browser: { type: 'string', multiple: true }, locale: { type: 'string', multiple: true } },
});
const browsers = values.browser ?? [...BROWSER_CHOICES];
const unknownBrowser = browsers.find((name) => !isBrowserChoice(name));
if (unknownBrowser !== undefined) {
  console.error(`--browser must be one of ${BROWSER_CHOICES.join(', ')} (not "${unknownBrowser}")`);
  process.exit(2);
}
const available = extensionLocales();
const locales = values.locale?.includes('all') ? available : values.locale;
const unknownLocale = locales?.find((locale) => !available.includes(locale));
if (unknownLocale !== undefined) {
  console.error(`--locale takes one of ${available.join(', ')} or all (not "${unknownLocale}")`);
  process.exit(2);
}

const step = (text: string) => console.log(`• ${text}`);

/** Polls `check` until it holds, or fails saying `what` did not happen. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Serves the sample article at ARTICLE_PATH on a free loopback port; nothing else. */
async function serveSampleArticle(): Promise<{ url: string; close(): Promise<void> }> {
  const html = await readFile(SAMPLE_ARTICLE);
  const server = createServer((request, response) => {
    if (request.url === ARTICLE_PATH) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${ARTICLE_PATH}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Run {
  emulator: RunningEmulator;
  /** The sample article's address. */
  articleUrl: string;
  compositor: ScreenshotCompositor;
  /** The raw screenshots the store images are made of. */
  workDir: string;
  /** The browsers built in this run: later launches reuse the build. */
  built: Set<BrowserChoice>;
  /** Overflowing text found so far, one line each. */
  overflow: string[];
}

async function launch(run: Run, browser: BrowserChoice, locale?: string): Promise<DrivenBrowser> {
  const session = await launchDriven(browser, {
    mode: LOCAL_MODE,
    apiBaseUrl: LOCAL_API_BASE_URL,
    headless: true,
    viewport: STORE_SIZE,
    // As most people see Firefox, and as headless Chromium draws them: no scrollbar takes the
    // popup's width (a classic one makes its fixed 380 px scroll sideways in a 380 px window).
    overlayScrollbars: true,
    reuseBuild: run.built.has(browser),
    ...(locale ? { locale: browserLocaleTag(locale) } : {}),
  });
  run.built.add(browser);
  return session;
}

async function emulatorControl(run: Run, method: 'POST' | 'DELETE', rule?: object): Promise<void> {
  const answer = await fetch(`${run.emulator.url}/__emulator/faults`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(rule ? { body: JSON.stringify(rule) } : {}),
  });
  if (!answer.ok) throw new Error(`the emulator refused the fault rule: ${answer.status} ${await answer.text()}`);
}

/** Fails unless the browser shows the extension in `say`'s locale (not English in its place). */
async function assertShowsLocale(driver: Driver, say: LocaleMessages): Promise<void> {
  const key = say.distinctiveKey();
  if (!key) return;
  const shown = await driver.inExtension((name) => chrome.i18n.getMessage(name), key);
  if (shown !== say.get(key)) {
    throw new Error(
      `${driver.browser} does not show the extension in ${say.locale} ("${key}" reads "${shown}"): ` +
        'install its language files (Debian: chromium-l10n, firefox-esr-l10n-<language>)',
    );
  }
}

/** Connects the Demo space (the default) and the Research space through the options page. */
async function connectSpaces(driver: Driver, say: LocaleMessages): Promise<void> {
  const options = await driver.options();
  for (const token of [DEMO_TOKENS.demo, DEMO_TOKENS.research]) {
    const before = await options.status();
    await options.fill(textbox(say.get('tokenLabel')), token);
    await options.click(button(say.get('connectWithToken')));
    await until(async () => !['', before].includes(await options.status()), `connecting with ${token} said nothing`);
  }
  const { connections } = await driver.sendToBackground('getConnections');
  if (connections.length !== 2) throw new Error(`${connections.length} spaces connected, not 2`);
}

/** Checks a page for text that does not fit, and keeps what it finds. */
async function checkOverflow(run: Run, page: UiPage, where: string): Promise<void> {
  const found = await page.evaluate(findOverflowingText, undefined);
  if (found.length > 0) run.overflow.push(describeOverflow(where, found));
}

/** Takes focus off the control last used and scrolls to the top, as a person glancing at it sees it. */
function settle(page: UiPage): Promise<void> {
  return page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    await document.fonts.ready;
    // Past the theme's transitions (components/theme.css, --motion).
    await new Promise((resolve) => setTimeout(resolve, 300));
  }, undefined);
}

/** The article, with its introduction selected as a person would before opening the popup. */
async function openArticle(run: Run, driver: Driver, options: { select: boolean }): Promise<Tab> {
  const article = await driver.openPage(run.articleUrl);
  if (options.select) await article.selectContents('#intro');
  return article;
}

/** The popup for the article: the selection quoted in the notes, two tags and a collection chosen. */
async function clipFormPopup(driver: Driver, article: Tab, say: LocaleMessages): Promise<UiPage> {
  const popup = await driver.popup(article, POPUP_SIZE);
  await until(
    async () => (await popup.value(textbox(say.get('notesLabel')))).startsWith('> '),
    'the popup did not quote the selection in its notes',
  );
  for (const [typed, tag] of [
    ['read', 'Reading'],
    ['cook', 'Cooking'],
  ] as const) {
    await popup.fill(combobox(say.get('tagsLabel')), typed);
    await popup.pickSuggestion(tag);
  }
  await popup.select(combobox(say.get('collectionLabel')), 'Reading list');
  await settle(popup);
  return popup;
}

/** How much of the popup's page a toolbar popup shows: all of it, up to the browser's limit. */
async function popupShownSize(popup: UiPage): Promise<PageSize> {
  const height = await popup.evaluate(() => document.documentElement.scrollHeight, undefined);
  return { width: POPUP_SIZE.width, height: Math.min(height, POPUP_SIZE.height) };
}

/** Queues WAITING_CLIPS while the service cannot be reached, and waits until the outbox lists them. */
async function queueWaitingClips(run: Run, driver: Driver): Promise<void> {
  await emulatorControl(run, 'POST', { path: '/object/url', drop: 'before' });
  for (const clip of WAITING_CLIPS) await driver.sendToBackground('saveClip', { spaceId: DEMO.spaceId, clip });
  await until(
    async () => (await driver.sendToBackground('getOutbox')).clips.length === WAITING_CLIPS.length,
    'the outbox does not list the waiting clips',
  );
}

/**
 * REFUSED_CLIP, refused for good because its tag was deleted while it waited (as the e2e flow
 * "a clip made invalid on the server" does it): the outbox offers to remove the tag and retry.
 */
async function queueRefusedClip(run: Run, driver: Driver): Promise<void> {
  await emulatorControl(run, 'POST', { path: '/object/url', drop: 'before' });
  await driver.sendToBackground('saveClip', { spaceId: DEMO.spaceId, clip: REFUSED_CLIP });
  const deleted = await fetch(`${run.emulator.url}/object?id=${DEMO.tags.travel}&hardDelete=true`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${DEMO_TOKENS.demo}` },
  });
  if (!deleted.ok) throw new Error(`the emulator did not delete the tag Travel: ${deleted.status}`);
  await emulatorControl(run, 'DELETE');
  const [clip] = (await driver.sendToBackground('getOutbox')).clips;
  if (!clip) throw new Error('the refused clip is not in the outbox');
  await driver.sendToBackground('retryClip', { id: clip.id });
  await until(
    async () => (await driver.sendToBackground('getOutbox')).clips[0]?.state === 'failed',
    'the clip with a deleted tag was not refused',
  );
}

/** Service back, outbox empty: the next scene starts clean. */
async function clearWaitingClips(run: Run, driver: Driver): Promise<void> {
  for (const clip of (await driver.sendToBackground('getOutbox')).clips) {
    await driver.sendToBackground('discardClip', { id: clip.id });
  }
  await emulatorControl(run, 'DELETE');
}

/** The three store subjects in one browser and theme. */
async function storeScenes(run: Run, driver: Driver, browser: BrowserChoice, theme: Theme): Promise<string[]> {
  const say = new LocaleMessages(DEFAULT_LOCALE);
  const name = (subject: string) => `${FILE_PREFIX[browser]}-${theme}-${subject}`;
  const raw = (file: string) => path.join(run.workDir, `${file}.png`);
  const out = (file: string) => path.join(STORE_DIR, `${file}.png`);
  const written: string[] = [];

  // The popup over the article.
  const article = await openArticle(run, driver, { select: true });
  await article.screenshot(raw(name('article')));
  const popup = await clipFormPopup(driver, article, say);
  await checkOverflow(run, popup, `${name('popup')}`);
  await popup.screenshot(raw(name('popup')));
  await run.compositor.popupOverPage(
    out(name('popup')),
    { page: raw(name('article')), popup: raw(name('popup')), popupSize: await popupShownSize(popup), theme },
    STORE_SIZE,
  );
  written.push(out(name('popup')));
  await popup.close();

  // The options page with the connected spaces.
  await driver.closeOptionsPages();
  const options = await driver.options();
  await options.waitFor(heading(say.get('connectionsHeading')));
  await until(
    async () => (await options.text()).includes('Research space'),
    'the options page lists no Research space',
  );
  await settle(options);
  await checkOverflow(run, options, name('options'));
  await options.screenshot(raw(name('options')));
  await run.compositor.asIs(out(name('options')), raw(name('options')), STORE_SIZE);
  written.push(out(name('options')));
  await options.close();

  // The popup listing waiting clips, scrolled to them, opened later on the same article.
  await queueWaitingClips(run, driver);
  const later = await openArticle(run, driver, { select: false });
  await later.screenshot(raw(name('article-later')));
  const outbox = await driver.popup(later, POPUP_SIZE);
  for (const clip of WAITING_CLIPS) await outbox.waitFor(button(say.get('clipRetryNamed', clip.title)));
  await settle(outbox);
  await outbox.evaluate(() => document.getElementById('outbox-heading')?.scrollIntoView({ block: 'start' }), undefined);
  await checkOverflow(run, outbox, name('outbox'));
  await outbox.screenshot(raw(name('outbox')));
  await run.compositor.popupOverPage(
    out(name('outbox')),
    { page: raw(name('article-later')), popup: raw(name('outbox')), popupSize: await popupShownSize(outbox), theme },
    STORE_SIZE,
  );
  written.push(out(name('outbox')));
  await outbox.close();
  await clearWaitingClips(run, driver);
  return written;
}

async function storeSet(run: Run, browser: BrowserChoice): Promise<string[]> {
  const session = await launch(run, browser);
  const written: string[] = [];
  try {
    const { driver } = session;
    await connectSpaces(driver, new LocaleMessages(DEFAULT_LOCALE));
    for (const theme of THEMES) {
      await driver.setColorScheme(theme);
      written.push(...(await storeScenes(run, driver, browser, theme)));
      step(`${browser}, ${theme}: popup, options, outbox`);
    }
  } finally {
    await session.close();
    run.emulator.reset();
  }
  return written;
}

/**
 * The popup (every section open, a refused clip with its tag fix and a waiting one listed) and the
 * whole options page, in one locale, checked for text that does not fit.
 */
async function localeSet(run: Run, browser: BrowserChoice, locale: string): Promise<string[]> {
  const say = new LocaleMessages(locale);
  const session = await launch(run, browser, locale);
  const file = (subject: string) => path.join(LOCALES_OUT, `${FILE_PREFIX[browser]}-${locale}-${subject}.png`);
  try {
    const { driver } = session;
    await assertShowsLocale(driver, say);
    await connectSpaces(driver, say);
    await queueRefusedClip(run, driver);
    await emulatorControl(run, 'POST', { path: '/object/url', drop: 'before' });
    await driver.sendToBackground('saveClip', { spaceId: DEMO.spaceId, clip: WAITING_CLIPS[0] as WeblinkRequest });

    const article = await openArticle(run, driver, { select: true });
    const popup = await clipFormPopup(driver, article, say);
    await popup.waitFor(button(say.get('removeTagAndRetry', REFUSED_CLIP.tags[0]?.title ?? '')));
    await popup.evaluate(() => {
      for (const details of document.querySelectorAll('details')) details.open = true;
    }, undefined);
    await settle(popup);
    await checkOverflow(run, popup, `${browser} ${locale} popup`);
    await popup.screenshot(file('popup'), { fullPage: true });

    await driver.closeOptionsPages();
    const options = await driver.options();
    await options.waitFor(heading(say.get('connectionsHeading')));
    await settle(options);
    await checkOverflow(run, options, `${browser} ${locale} options`);
    await options.screenshot(file('options'), { fullPage: true });
    return [file('popup'), file('options')];
  } finally {
    await session.close();
    // The seed again: the deleted tag back, no faults.
    run.emulator.reset();
  }
}

const emulator = await startLocalEmulator();
const article = await serveSampleArticle();
const compositor = await ScreenshotCompositor.start();
const run: Run = {
  emulator,
  articleUrl: article.url,
  compositor,
  workDir: await mkdtemp(path.join(os.tmpdir(), 'space-clipper-screenshots-')),
  built: new Set(),
  overflow: [],
};
step(`Emulator at ${emulator.url}, the sample article at ${article.url}; building the extension…`);
const written: string[] = [];
try {
  if (locales) {
    await mkdir(LOCALES_OUT, { recursive: true });
    for (const browser of browsers as BrowserChoice[]) {
      for (const locale of locales) {
        written.push(...(await localeSet(run, browser, locale)));
        step(`${browser}, ${locale}: popup, options`);
      }
    }
  } else {
    await mkdir(STORE_DIR, { recursive: true });
    for (const browser of browsers as BrowserChoice[]) written.push(...(await storeSet(run, browser)));
    const tile = path.join(STORE_DIR, 'chrome-promo-tile.png');
    const say = new LocaleMessages(DEFAULT_LOCALE);
    await compositor.promoTile(tile, { name: say.get('extName'), tagline: say.get('actionTitle') }, PROMO_TILE_SIZE);
    written.push(tile);
  }
} finally {
  await compositor.close();
  await article.close();
  await emulator.close();
  await rm(run.workDir, { recursive: true, force: true });
}
for (const file of written) console.log(`  ${path.relative(ROOT, file)}`);
if (run.overflow.length > 0) {
  console.error(`Text that does not fit:\n${run.overflow.join('\n')}`);
  process.exit(1);
}
step(`${written.length} images written; no clipped or overflowing text`);
