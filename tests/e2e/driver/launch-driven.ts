import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type BrowserChoice,
  buildForEmulator,
  extensionDir,
  FIREFOX_PATH,
  launchChromiumWithExtension,
  waitForOnboardingTab,
} from '../../../scripts/extension-browser.ts';
import { ChromiumDriver } from './chromium-driver.ts';
import type { Driver, PageSize } from './driver.ts';
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
  /**
   * The browser's interface language as a BCP 47 tag (`pt-BR`), which is also the extension's
   * `i18n` locale; the system's without one. The browser shows it only with its language files
   * installed (Debian: `chromium-l10n`, `firefox-esr-l10n-*`).
   */
  locale?: string;
  /** The size of the pages the browser opens (headless Chromium's are 1280 × 800 without one). */
  viewport?: PageSize;
  /** Firefox draws its scrollbars over the page, as headless Chromium does (firefox-session.ts). */
  overlayScrollbars?: boolean;
  /** Starts the build an earlier launch made in this run, of the same mode, instead of building again. */
  reuseBuild?: boolean;
  /**
   * Made-up https sites served locally (the screenshots' sample article): the build may read them,
   * the browser reaches them through this CONNECT proxy and takes their self-signed certificate.
   */
  madeUpSites?: { hosts: string[]; proxyPort: number };
}

export async function launchDriven(browser: BrowserChoice, options: DrivenBrowserOptions): Promise<DrivenBrowser> {
  const build = options.reuseBuild
    ? { chromeDir: extensionDir('chrome', options.mode), firefoxXpi: `${extensionDir('firefox', options.mode)}.xpi` }
    : buildForEmulator({
        mode: options.mode,
        apiBaseUrl: options.apiBaseUrl,
        browsers: [browser === 'firefox' ? 'firefox' : 'chrome'],
        ...(options.madeUpSites ? { extraHosts: options.madeUpSites.hosts.map((host) => `https://${host}/*`) } : {}),
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
      ...(options.viewport ? { viewport: options.viewport } : options.headless ? {} : { viewport: null }),
      // On Linux, Chromium takes its interface language from LANGUAGE and ignores `--lang` (tried:
      // 156 with `--lang=de` still answers `en-US`).
      ...(options.locale ? { env: { LANGUAGE: options.locale } } : {}),
      // Loopback (the emulator) bypasses a proxy in Chromium by default.
      ...(options.madeUpSites
        ? { args: [`--proxy-server=127.0.0.1:${options.madeUpSites.proxyPort}`, '--ignore-certificate-errors'] }
        : {}),
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
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.overlayScrollbars ? { overlayScrollbars: true } : {}),
    ...(options.madeUpSites ? { httpsProxyPort: options.madeUpSites.proxyPort } : {}),
  });
  const optionsPage = options.profileDir ? await session.installOrUpdate() : await session.installFresh();
  const driver = new FirefoxDriver(session, optionsPage);
  return {
    driver,
    closed: new Promise((resolve) => session.browser.on('disconnected', () => resolve())),
    close: () => session.close().catch(() => {}),
  };
}
