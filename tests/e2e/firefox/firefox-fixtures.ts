import { FirefoxDriver } from '../driver/firefox-driver';
import { FirefoxSession } from '../driver/firefox-session';
import { emulatorAccess } from '../emulator-client';
import { FIREFOX_PATH, FIREFOX_XPI } from '../env';
import { test as base } from '../fixtures';

/**
 * Firefox ESR for the flows: one browser for every test of the worker (a new browser costs seconds,
 * a fresh install of the extension well under one), the extension installed afresh for each test.
 */
export const test = base.extend<object, { firefox: FirefoxSession }>({
  firefox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const session = await FirefoxSession.launch({
        executablePath: FIREFOX_PATH,
        xpiPath: FIREFOX_XPI,
        headless: true,
      });
      await use(session);
      await session.close();
    },
    { scope: 'worker' },
  ],
  flow: async ({ firefox, emulator, pages, emulatorProfile }, use, testInfo) => {
    emulator.reset({ profile: emulatorProfile });
    const driver = new FirefoxDriver(firefox, await firefox.installFresh());
    await use({ driver, emulator: emulatorAccess(emulator.url), pagesUrl: pages.url, profile: emulatorProfile });
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const [index, page] of (await firefox.browser.pages()).entries()) {
        const body = await page.screenshot({ fullPage: true }).catch(() => null);
        if (body) await testInfo.attach(`page-${index}.png`, { body: Buffer.from(body), contentType: 'image/png' });
      }
    }
  },
});

export const expect = test.expect;
