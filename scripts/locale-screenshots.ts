/**
 * `npm run screenshots -- --locale <code>`: the popup (every section open, a refused clip with its
 * tag fix and a waiting one listed) and the whole options page in one language, written to
 * .output/screenshots/locales/ and checked for text that does not fit.
 */
import path from 'node:path';
import type { WeblinkRequest } from '../lib/messaging.ts';
import { button, type Driver, heading } from '../tests/e2e/driver/driver.ts';
import { DEMO } from '../tests/emulator/seed.ts';
import { type BrowserChoice, ROOT } from './extension-browser.ts';
import { LocaleMessages } from './locale-messages.ts';
import { dropUploads, queueRefusedClip, REFUSED_CLIP, WAITING_CLIPS } from './outbox-clips.ts';
import { checkOverflow, FILE_PREFIX, launchForScreenshots, type ScreenshotRun } from './screenshot-run.ts';
import { clipFormPopup, connectSpaces, openArticle, settle } from './screenshot-steps.ts';

export const LOCALES_OUT = path.join(ROOT, '.output', 'screenshots', 'locales');

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

/** The popup and the options page in `locale` (a folder under public/_locales); answers the files written. */
export async function takeLocaleScreenshots(
  run: ScreenshotRun,
  browser: BrowserChoice,
  locale: string,
): Promise<string[]> {
  const say = new LocaleMessages(locale);
  const session = await launchForScreenshots(run, browser, locale);
  const file = (subject: string) => path.join(LOCALES_OUT, `${FILE_PREFIX[browser]}-${locale}-${subject}.png`);
  try {
    const { driver } = session;
    await assertShowsLocale(driver, say);
    await connectSpaces(driver, say);
    await queueRefusedClip(run.emulator, driver);
    await dropUploads(run.emulator);
    await driver.sendToBackground('saveClip', { spaceId: DEMO.spaceId, clip: WAITING_CLIPS[0] as WeblinkRequest });

    const article = await openArticle(driver, run.articleUrl, { select: true });
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
