import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type BrowserChoice,
  buildForEmulator,
  FIREFOX_PATH,
  launchChromiumWithExtension,
  waitForOnboardingTab,
} from '../../../scripts/extension-browser.ts';
import { ChromiumDriver } from './chromium-driver.ts';
import type { Driver } from './driver.ts';
import { FirefoxDriver } from './firefox-driver.ts';
import { FirefoxSession } from './firefox-session.ts';

/**
 * A browser with the extension built for a local emulator, driven as the end-to-end flows drive
 * it: what `npm start` and `npm run demo` open, in Chromium or in Firefox ESR.
 */
export interface DrivenBrowser {
  driver: Driver;
  /** Resolves when the browser goes away (the person closed it). */
  closed: Promise<void>;
  close(): Promise<void>;
}

export interface DrivenBrowserOptions {
  /** The build mode and the service address baked into the build. */
  mode: string;
  apiBaseUrl: string;
  headless: boolean;
  /** A profile kept across runs (its connection and waiting clips stay); a fresh one without. */
  profileDir?: string;
}

export async function launchDriven(browser: BrowserChoice, options: DrivenBrowserOptions): Promise<DrivenBrowser> {
  const build = buildForEmulator({
    mode: options.mode,
    apiBaseUrl: options.apiBaseUrl,
    browsers: [browser === 'firefox' ? 'firefox' : 'chrome'],
  });
  return browser === 'firefox' ? launchFirefox(build.firefoxXpi, options) : launchChromium(build.chromeDir, options);
}

async function launchChromium(extensionDir: string, options: DrivenBrowserOptions): Promise<DrivenBrowser> {
  const userDataDir = options.profileDir ?? (await mkdtemp(path.join(os.tmpdir(), 'space-clipper-chromium-')));
  const launch = () =>
    launchChromiumWithExtension({
      extensionDir,
      userDataDir,
      headless: options.headless,
      ...(options.headless ? {} : { viewport: null }),
    });
  const fresh = !existsSync(path.join(userDataDir, 'Default'));
  const context = await launch();
  // A fresh install opens its options page; waiting for it keeps it from taking over a later tab.
  const onboarding = fresh ? await waitForOnboardingTab(context) : undefined;
  const driver = new ChromiumDriver({ context, relaunch: launch, ...(onboarding ? { onboarding } : {}) });
  return {
    driver,
    closed: new Promise((resolve) => context.on('close', () => resolve())),
    async close() {
      await driver.context.close().catch(() => {});
      await driver.dispose();
      if (!options.profileDir) await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

async function launchFirefox(xpiPath: string, options: DrivenBrowserOptions): Promise<DrivenBrowser> {
  const session = await FirefoxSession.launch({
    executablePath: FIREFOX_PATH,
    xpiPath,
    headless: options.headless,
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
  });
  const optionsPage = options.profileDir ? await session.installOrUpdate() : await session.installFresh();
  const driver = new FirefoxDriver(session, optionsPage);
  return {
    driver,
    closed: new Promise((resolve) => session.browser.on('disconnected', () => resolve())),
    close: () => session.close().catch(() => {}),
  };
}
