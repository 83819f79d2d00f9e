import { FirefoxDriver } from '../driver/firefox-driver';
import { FirefoxSession } from '../driver/firefox-session';
import { FIREFOX_PATH } from '../env';
import { test as base, screenshotPagesOnFailure } from '../fixtures';

/**
 * Firefox ESR for the flows: one browser for every test of the worker (a new browser costs seconds,
 * a fresh install of the extension well under one), the extension installed afresh for each test.
 */
export const test = base.extend<object, { firefox: FirefoxSession }>({
  firefox: [
    async ({ build }, use) => {
      const session = await FirefoxSession.launch({
        executablePath: FIREFOX_PATH,
        xpiPath: build.firefoxXpi,
        headless: true,
      });
      await use(session);
      await session.close();
    },
    { scope: 'worker' },
  ],
  flow: async ({ firefox, emulator, pages, emulatorProfile }, use, testInfo) => {
    await emulator.reset({ profile: emulatorProfile });
    const driver = new FirefoxDriver(firefox, await firefox.installFresh());
    await use({ driver, emulator, pagesUrl: pages.url, profile: emulatorProfile });
    await screenshotPagesOnFailure(testInfo, await firefox.pages());
  },
});
