import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_EXTENSION_DIR, FIREFOX_PATH } from '../env';

export interface FirefoxWithExtension {
  browser: Browser;
  /** Finds a page of the extension that the extension opened itself (Firefox refuses navigation to them). */
  extensionPage(pathname: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Firefox ESR driven over WebDriver BiDi (Playwright cannot drive stock Firefox), with the built
 * extension installed temporarily.
 */
export async function launchFirefoxWithExtension(): Promise<FirefoxWithExtension> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: {
      // Keep the test offline: no update, telemetry or remote-settings traffic.
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'extensions.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
    },
  });
  await browser.installExtension(FIREFOX_EXTENSION_DIR);

  async function extensionPage(pathname: string): Promise<Page> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      for (const page of await browser.pages()) {
        const href = await page.evaluate(() => location.href).catch(() => '');
        if (href.startsWith('moz-extension://') && new URL(href).pathname === pathname) return page;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the extension did not open ${pathname}`);
  }

  return {
    browser,
    extensionPage,
    async close() {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
