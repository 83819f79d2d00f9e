/**
 * The store listing's images (store/screenshots/README.md): in one browser, light and dark, the
 * popup over the article, the options page with the connected spaces, and the popup listing
 * waiting clips; and Chrome's promo tile.
 */
import path from 'node:path';
import { button, type Driver, heading, type PageSize, type UiPage } from '../tests/e2e/driver/driver.ts';
import { type BrowserChoice, ROOT } from './extension-browser.ts';
import { DEFAULT_LOCALE, LocaleMessages } from './locale-messages.ts';
import { clearWaitingClips, queueWaitingClips, WAITING_CLIPS } from './outbox-clips.ts';
import { until } from './poll-until.ts';
import type { Theme } from './screenshot-compositor.ts';
import {
  checkOverflow,
  FILE_PREFIX,
  launchForScreenshots,
  type ScreenshotRun,
  STORE_SIZE,
  step,
} from './screenshot-run.ts';
import { clipFormPopup, connectSpaces, openArticle, POPUP_SIZE, settle } from './screenshot-steps.ts';

export const STORE_DIR = path.join(ROOT, 'store', 'screenshots');
const PROMO_TILE_SIZE = { width: 440, height: 280 };
const THEMES: Theme[] = ['light', 'dark'];

/** Where one browser and theme's screenshots go: raw ones to the run's work folder, images to the store's. */
interface SceneFiles {
  theme: Theme;
  /** `<chrome|firefox>-<theme>-<subject>` */
  name(subject: string): string;
  raw(subject: string): string;
  out(subject: string): string;
}

function sceneFiles(run: ScreenshotRun, browser: BrowserChoice, theme: Theme): SceneFiles {
  const name = (subject: string) => `${FILE_PREFIX[browser]}-${theme}-${subject}`;
  return {
    theme,
    name,
    raw: (subject) => path.join(run.workDir, `${name(subject)}.png`),
    out: (subject) => path.join(STORE_DIR, `${name(subject)}.png`),
  };
}

/** How much of the popup's page a toolbar popup shows: all of it, up to the browser's limit. */
async function popupShownSize(popup: UiPage): Promise<PageSize> {
  const height = await popup.evaluate(() => document.documentElement.scrollHeight, undefined);
  return { width: POPUP_SIZE.width, height: Math.min(height, POPUP_SIZE.height) };
}

/** A toolbar popup shows its first 600 px: the image must show the button it is about. */
async function checkShown(run: ScreenshotRun, popup: UiPage, name: string, where: string): Promise<void> {
  const bottom = await popup.evaluate(
    (label) =>
      [...document.querySelectorAll('button')]
        .find((button) => button.textContent?.trim() === label)
        ?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY,
    name,
  );
  if (bottom > POPUP_SIZE.height)
    run.overflow.push(`${where}: "${name}" ends at ${bottom} px, below the popup's ${POPUP_SIZE.height} px`);
}

/** The popup, filled in for the article, over the article. */
async function popupOverArticle(run: ScreenshotRun, driver: Driver, files: SceneFiles): Promise<string> {
  // Nothing selected: a quoted selection makes the form taller than the 600 px a popup may have.
  const article = await openArticle(driver, run.articleUrl, { select: false });
  await article.screenshot(files.raw('article'));
  const say = new LocaleMessages(DEFAULT_LOCALE);
  const popup = await clipFormPopup(driver, article, say, false);
  await checkOverflow(run, popup, files.name('popup'));
  await checkShown(run, popup, say.get('savePage'), files.name('popup'));
  await popup.screenshot(files.raw('popup'));
  await run.compositor.popupOverPage(
    files.out('popup'),
    {
      page: files.raw('article'),
      popup: files.raw('popup'),
      popupSize: await popupShownSize(popup),
      theme: files.theme,
    },
    STORE_SIZE,
  );
  await popup.close();
  return files.out('popup');
}

/** The options page with the connected spaces. */
async function optionsPage(run: ScreenshotRun, driver: Driver, files: SceneFiles): Promise<string> {
  const say = new LocaleMessages(DEFAULT_LOCALE);
  await driver.closeOptionsPages();
  const options = await driver.options();
  await options.waitFor(heading(say.get('connectionsHeading')));
  await until(
    async () => (await options.text()).includes('Research space'),
    'the options page lists no Research space',
  );
  await settle(options);
  await checkOverflow(run, options, files.name('options'));
  await options.screenshot(files.raw('options'));
  await run.compositor.asIs(files.out('options'), files.raw('options'), STORE_SIZE);
  await options.close();
  return files.out('options');
}

/** The popup listing waiting clips, scrolled to them, opened later on the same article. */
async function outboxOverArticle(run: ScreenshotRun, driver: Driver, files: SceneFiles): Promise<string> {
  const say = new LocaleMessages(DEFAULT_LOCALE);
  await queueWaitingClips(run.emulator, driver);
  const later = await openArticle(driver, run.articleUrl, { select: false });
  await later.screenshot(files.raw('article-later'));
  const outbox = await driver.popup(later, POPUP_SIZE);
  for (const clip of WAITING_CLIPS) await outbox.waitFor(button(say.get('clipRetryNamed', clip.title)));
  await settle(outbox);
  await outbox.evaluate(() => document.getElementById('outbox-heading')?.scrollIntoView({ block: 'start' }), undefined);
  await checkOverflow(run, outbox, files.name('outbox'));
  await outbox.screenshot(files.raw('outbox'));
  await run.compositor.popupOverPage(
    files.out('outbox'),
    {
      page: files.raw('article-later'),
      popup: files.raw('outbox'),
      popupSize: await popupShownSize(outbox),
      theme: files.theme,
    },
    STORE_SIZE,
  );
  await outbox.close();
  await clearWaitingClips(run.emulator, driver);
  return files.out('outbox');
}

/** The three store images in each theme, taken in one browser; answers the files written. */
export async function takeStoreScreenshots(run: ScreenshotRun, browser: BrowserChoice): Promise<string[]> {
  const session = await launchForScreenshots(run, browser);
  const written: string[] = [];
  try {
    const { driver } = session;
    const say = new LocaleMessages(DEFAULT_LOCALE);
    // The popup as most people have it, one space and no switcher: the whole form fits in 600 px.
    await connectSpaces(driver, say, 'demo');
    for (const theme of THEMES) {
      await driver.setColorScheme(theme);
      written.push(await popupOverArticle(run, driver, sceneFiles(run, browser, theme)));
    }
    await connectSpaces(driver, say, 'research');
    for (const theme of THEMES) {
      await driver.setColorScheme(theme);
      const files = sceneFiles(run, browser, theme);
      written.push(await optionsPage(run, driver, files));
      written.push(await outboxOverArticle(run, driver, files));
      step(`${browser}, ${theme}: popup, options, outbox`);
    }
  } finally {
    await session.close();
    run.emulator.reset();
  }
  return written;
}

/** Chrome's small promo tile, with the extension's English name and toolbar title; answers its file. */
export async function writePromoTile(run: ScreenshotRun): Promise<string> {
  const tile = path.join(STORE_DIR, 'chrome-promo-tile.png');
  const say = new LocaleMessages(DEFAULT_LOCALE);
  await run.compositor.promoTile(tile, { name: say.get('extName'), tagline: say.get('actionTitle') }, PROMO_TILE_SIZE);
  return tile;
}
