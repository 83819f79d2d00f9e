/**
 * `npm run screenshots`: the store listing's images, taken from the real extension built for the
 * local emulator, in Chromium and in Firefox ESR, light and dark (store/screenshots/README.md):
 * `store/screenshots/<chrome|firefox>-<light|dark>-<popup|options|outbox>.png` at 1280 × 800 and
 * `chrome-promo-tile.png` at 440 × 280, each a 24-bit PNG without alpha (scripts/store-scenes.ts).
 *
 * `-- --locale <code>` (again for more, or `all` for every folder under public/_locales) writes the
 * popup and the options page in those languages to .output/screenshots/locales/ instead
 * (scripts/locale-screenshots.ts). `-- --browser chromium|firefox` takes one browser (default both).
 *
 * Every page shot is checked for clipped or overflowing text (scripts/text-overflow.ts); the run
 * fails with the list of what does not fit. Hold the e2e lock for the whole run:
 *   flock /tmp/sc-e2e.lock npm run screenshots
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BROWSER_CHOICES, type BrowserChoice, isBrowserChoice, ROOT } from './extension-browser.ts';
import { startLocalEmulator } from './local-setup.ts';
import { extensionLocales } from './locale-messages.ts';
import { LOCALES_OUT, takeLocaleScreenshots } from './locale-screenshots.ts';
import { serveSampleArticle } from './sample-article-server.ts';
import { ScreenshotCompositor } from './screenshot-compositor.ts';
import { type ScreenshotRun, step } from './screenshot-run.ts';
import { STORE_DIR, takeStoreScreenshots, writePromoTile } from './store-scenes.ts';

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

const emulator = await startLocalEmulator();
const article = await serveSampleArticle();
const compositor = await ScreenshotCompositor.start();
const run: ScreenshotRun = {
  emulator,
  articleUrl: article.url,
  articleSite: article.site,
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
        written.push(...(await takeLocaleScreenshots(run, browser, locale)));
        step(`${browser}, ${locale}: popup, options`);
      }
    }
  } else {
    await mkdir(STORE_DIR, { recursive: true });
    for (const browser of browsers as BrowserChoice[]) written.push(...(await takeStoreScreenshots(run, browser)));
    written.push(await writePromoTile(run));
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
