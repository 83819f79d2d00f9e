import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/**
 * Firefox ESR with Space Clipper, driven by puppeteer-core over WebDriver BiDi (Playwright cannot
 * drive a stock Firefox). One session serves every test of a spec file: each test starts from a
 * fresh install of the extension in the same browser, which is much cheaper than a new browser.
 *
 * What Firefox imposes, and how this copes (each verified on Firefox ESR 153):
 * - A temporary add-on (about:debugging, BiDi's default install) is removed when the browser
 *   closes. The extension is installed permanently instead (BiDi's `moz:permanent`), which an
 *   unsigned XPI may be only where `xpinstall.signatures.required` is false: ESR honours that.
 * - The automation may not navigate a tab to a moz-extension:// page. The options page the
 *   extension opens on install is reachable, and from it `tabs.create` opens any other page of
 *   ours; after a restart, a page named on Firefox's command line opens as well.
 * - Uninstalling closes the extension's tabs; Firefox would quit with its last window, so a window
 *   outlives its last tab here.
 */

export const FIREFOX_ADDON_ID = 'space-clipper@spaceclipper.app';

/** How long a page answers "no such frame" before it is taken for closed (see `failingSince`). */
const GONE_AFTER_MS = 3_000;

const OFFLINE_AND_UNSIGNED_PREFS = {
  // Keep the browser offline: no update, telemetry or remote-settings traffic.
  'app.update.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'extensions.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  // A permanent install of an unsigned XPI (honoured by ESR, Developer Edition and Nightly only).
  'xpinstall.signatures.required': false,
  'browser.tabs.closeWindowWithLastTab': false,
};

export type ColorScheme = 'light' | 'dark';

export interface FirefoxSessionOptions {
  executablePath: string;
  /** The packed extension (an XPI: Firefox installs only archives permanently). */
  xpiPath: string;
  headless: boolean;
  /** A profile to keep (npm start); without one, a temporary profile removed by `close()`. */
  profileDir?: string;
  /** What pages see as `prefers-color-scheme`; light unless asked (BiDi cannot emulate it). */
  colorScheme?: ColorScheme;
  /**
   * The interface language (a BCP 47 tag, `pt-BR`), which is also the extension's `i18n` locale.
   * Firefox shows it only when its language pack is installed (Debian: `firefox-esr-l10n-*`).
   */
  locale?: string;
  /** The size of every page's viewport; puppeteer's 800 × 600 unless asked. */
  viewport?: { width: number; height: number };
  /**
   * Scrollbars drawn over the page, taking no width from it: Firefox's default on macOS, Windows 11
   * and GNOME, and what headless Chromium does. Headless Firefox otherwise draws classic ones.
   */
  overlayScrollbars?: boolean;
  /** https goes through this local CONNECT proxy (loopback does not), and self-signed certificates are taken. */
  httpsProxyPort?: number;
}

export class FirefoxSession {
  /** `moz-extension://<uuid>` of the current install (a new uuid, so new storage, per install). */
  origin = '';
  browser: Browser;
  /**
   * Pages whose tab is gone. puppeteer keeps listing a tab the automation or Firefox closed, and
   * asking one for anything fails with "no such frame" (a browsing context never comes back), so
   * every scan of the pages would ask more of them as a worker runs test after test: dozens after
   * a few dozen installs, each slower under load, until a wait for a page ran out while still
   * asking the dead ones.
   */
  private readonly gone = new WeakSet<Page>();
  /**
   * When a page first answered "no such frame". A tab the extension has just opened can answer so
   * while it is still becoming the extension's page, and then answer after all: it is taken for
   * gone only once it has kept answering so for a while (marking it gone at once hid such a tab
   * from every later scan: "the extension did not open the page the test waits for").
   */
  private readonly failingSince = new WeakMap<Page, number>();
  readonly profileDir: string;
  private controlUrl = '';
  private colorScheme: ColorScheme;
  private readonly options: FirefoxSessionOptions;
  private readonly temporaryProfile: boolean;

  private constructor(browser: Browser, profileDir: string, options: FirefoxSessionOptions, temporaryProfile: boolean) {
    this.browser = browser;
    this.profileDir = profileDir;
    this.options = options;
    this.temporaryProfile = temporaryProfile;
    this.colorScheme = options.colorScheme ?? 'light';
  }

  /**
   * The viewport asked for. puppeteer gives it to the pages it opens itself; the driver gives it to
   * the pages the extension opens (options, popup), which would otherwise take the window's size.
   */
  get viewport(): FirefoxSessionOptions['viewport'] {
    return this.options.viewport;
  }

  static async launch(options: FirefoxSessionOptions): Promise<FirefoxSession> {
    const temporaryProfile = options.profileDir === undefined;
    const profileDir = options.profileDir ?? (await mkdtemp(path.join(os.tmpdir(), 'space-clipper-firefox-')));
    const browser = await launchFirefox(options, profileDir, options.colorScheme ?? 'light', []);
    return new FirefoxSession(browser, profileDir, options, temporaryProfile);
  }

  /**
   * Installs the extension afresh (uninstalling an earlier install, whose storage goes with it),
   * and answers the options page it opens on install.
   */
  async installFresh(): Promise<Page> {
    for (const page of await this.pages()) await page.close();
    await this.browser.newPage();
    if (this.origin) await this.browser.uninstallExtension(FIREFOX_ADDON_ID);
    this.origin = '';
    return this.install();
  }

  /**
   * For a profile kept across runs (npm start): installs the extension, or updates the install of
   * an earlier run (keeping its storage: connections, waiting clips), and answers its options page.
   */
  async installOrUpdate(): Promise<Page> {
    if (!existsSync(path.join(this.profileDir, 'extensions', `${FIREFOX_ADDON_ID}.xpi`))) return this.install();
    await installPermanently(this.browser, this.options.xpiPath);
    // An update opens no page, and the automation may open none of ours: Firefox's command line may.
    await this.restart({ open: '/options.html' });
    return this.waitForExtensionPage((url) => url.pathname === '/options.html');
  }

  /** Installs the extension permanently and answers the options page a first install opens. */
  private async install(): Promise<Page> {
    await installPermanently(this.browser, this.options.xpiPath);
    const options = await this.waitForExtensionPage((url) => url.pathname === '/options.html');
    await this.learnAddresses(options);
    return options;
  }

  /** Where this install's pages are, read from one of them. */
  private async learnAddresses(page: Page): Promise<void> {
    this.origin = await page.evaluate(() => location.origin);
    // Firefox answers the manifest's icons as full addresses, Chromium as paths: resolve either.
    this.controlUrl = await page.evaluate(
      () => new URL(Object.values(chrome.runtime.getManifest().icons ?? {})[0] ?? '/', location.href).href,
    );
  }

  /**
   * A tab of the extension that is no page of ours: an icon, where the extension's APIs are
   * available but nothing runs on its own (no message wakes the background). Tests evaluate their
   * privileged steps there, so that closing an options page or a popup never takes them away.
   */
  async controlPage(): Promise<Page> {
    const existing = await this.findExtensionPage((url) => url.href === this.controlUrl);
    if (existing) return existing;
    const anyPage = await this.findExtensionPage(() => true);
    if (!anyPage) throw new Error('no page of the extension is open to open the control tab from');
    return this.openTab(this.controlUrl, anyPage);
  }

  /**
   * Opens `url` (a page of ours) in a new tab through `opener`, a page of ours, and answers its
   * page. The automation now and then never sees such a tab become our page: its page object
   * stays on the tab's first document (about:blank) for good. A tab not seen within a few seconds
   * is closed and opened again, up to three times.
   */
  async openTab(url: string, opener: Page): Promise<Page> {
    for (const waitMs of [5_000, 5_000, 10_000]) {
      // Active: the automation does not see a tab opened in the background until it is shown.
      const tabId = await opener.evaluate(
        async (address) => (await chrome.tabs.create({ url: address, active: true })).id,
        url,
      );
      const page = await this.waitForExtensionPage((address) => address.href === url, waitMs).catch(() => undefined);
      if (page) return page;
      await opener.evaluate((id) => (id === undefined ? undefined : chrome.tabs.remove(id)), tabId).catch(() => {});
      // Said in the test's output: what the tab that went unseen asked on opening was asked twice.
      console.warn(`[firefox driver] ${url} opened again: the automation never saw its tab become the page`);
    }
    throw new Error(`the extension did not open ${url} in three tries; open: ${await this.describePages()}`);
  }

  async closeControlPage(): Promise<void> {
    await (await this.findExtensionPage((url) => url.href === this.controlUrl))?.close();
  }

  /** The browser's pages whose tab is still there. */
  async pages(): Promise<Page[]> {
    return (await this.browser.pages()).filter((page) => !this.gone.has(page));
  }

  /**
   * A page's address as the page itself sees it ('' while it cannot tell): the automation reports
   * an extension page's address as about:blank.
   */
  async addressOf(page: Page): Promise<string> {
    try {
      const href = await page.evaluate(() => location.href);
      if (process.env.E2E_TRACE_PAGES && this.failingSince.has(page)) console.error(`[pages] came back: ${href}`);
      this.failingSince.delete(page);
      return href;
    } catch (error) {
      if (String(error).includes('no such frame')) {
        const since = this.failingSince.get(page);
        if (since === undefined) this.failingSince.set(page, Date.now());
        else if (page.isClosed() || Date.now() - since > GONE_AFTER_MS) this.gone.add(page);
      }
      return '';
    }
  }

  /** The first open page of the extension whose address satisfies `matches`. */
  async findExtensionPage(matches: (url: URL) => boolean, among?: Page[]): Promise<Page | undefined> {
    for (const page of among ?? (await this.pages())) {
      const href = await this.addressOf(page);
      if (this.origin ? href.startsWith(this.origin) : href.startsWith('moz-extension:')) {
        if (matches(new URL(href))) return page;
      }
    }
    return undefined;
  }

  async waitForExtensionPage(matches: (url: URL) => boolean, timeoutMs = 15_000): Promise<Page> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = await this.findExtensionPage(matches);
      // Parsed is enough: scripts and images may still load, and whoever drives it waits for those.
      if (
        page &&
        ['interactive', 'complete'].includes(await page.evaluate(() => document.readyState).catch(() => ''))
      ) {
        return page;
      }
      if (Date.now() > deadline) {
        throw new Error(`the extension did not open the page the test waits for; open: ${await this.describePages()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Every open page's address and load state, for a failure to say what was there instead. */
  private async describePages(): Promise<string> {
    const pages = await this.pages();
    const states = await Promise.all(
      pages.map((page) => page.evaluate(() => `${location.href} (${document.readyState})`).catch(() => page.url())),
    );
    return states.join(', ');
  }

  /**
   * Closes Firefox, runs `whileStopped`, and starts Firefox again with the same profile (and the
   * color scheme asked for). Only the page `open` names opens, from the command line: by default
   * the control tab, so nothing of ours asks the background anything and it must wake by itself.
   */
  async restart(
    options: { whileStopped?: () => Promise<void>; colorScheme?: ColorScheme; open?: string } = {},
  ): Promise<void> {
    await this.browser.close();
    await options.whileStopped?.();
    if (options.colorScheme) this.colorScheme = options.colorScheme;
    // Firefox writes the install's address (its uuid) to the profile's prefs.js when it closes.
    this.origin ||= await installedOrigin(this.profileDir);
    const start = options.open ? `${this.origin}${options.open}` : this.controlUrl;
    this.browser = await launchFirefox(this.options, this.profileDir, this.colorScheme, [start]);
    await this.learnAddresses(await this.waitForExtensionPage((url) => url.href === start));
  }

  async close(): Promise<void> {
    await this.browser.close();
    if (this.temporaryProfile) await rm(this.profileDir, { recursive: true, force: true });
  }
}

/** The part of puppeteer's BiDi browser that sends a raw command (it is not in puppeteer's public types). */
interface BidiCommands {
  connection: { send(method: string, params: object): Promise<unknown> };
}

/**
 * Installs an XPI for good. puppeteer's `installExtension` sends BiDi's `webExtension.install`
 * without Firefox's `moz:permanent` parameter, so it always installs temporarily.
 */
export async function installPermanently(browser: Browser, xpiPath: string): Promise<void> {
  await (browser as unknown as BidiCommands).connection.send('webExtension.install', {
    extensionData: { type: 'archivePath', path: xpiPath },
    'moz:permanent': true,
  });
}

/** `moz-extension://<uuid>` of the extension installed in a profile, from the prefs Firefox wrote. */
async function installedOrigin(profileDir: string): Promise<string> {
  const prefs = await readFile(path.join(profileDir, 'prefs.js'), 'utf8');
  const line = /user_pref\("extensions\.webextensions\.uuids", (".*")\);/.exec(prefs);
  const uuids = line?.[1] ? (JSON.parse(JSON.parse(line[1])) as Record<string, string>) : {};
  const uuid = uuids[FIREFOX_ADDON_ID];
  if (!uuid) throw new Error(`Space Clipper is not installed in the Firefox profile ${profileDir}`);
  return `moz-extension://${uuid}`;
}

function launchFirefox(
  options: FirefoxSessionOptions,
  profileDir: string,
  colorScheme: ColorScheme,
  args: string[],
): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: options.executablePath,
    headless: options.headless,
    userDataDir: profileDir,
    ...(options.viewport ? { defaultViewport: options.viewport } : {}),
    extraPrefsFirefox: {
      ...OFFLINE_AND_UNSIGNED_PREFS,
      // What pages (ours too) see as prefers-color-scheme: 0 dark, 1 light.
      'layout.css.prefers-color-scheme.content-override': colorScheme === 'dark' ? 0 : 1,
      ...(options.locale ? { 'intl.locale.requested': options.locale } : {}),
      ...(options.overlayScrollbars ? { 'ui.useOverlayScrollbars': 1 } : {}),
      ...(options.httpsProxyPort === undefined
        ? {}
        : {
            'network.proxy.type': 1,
            'network.proxy.ssl': '127.0.0.1',
            'network.proxy.ssl_port': options.httpsProxyPort,
          }),
    },
    ...(options.httpsProxyPort === undefined ? {} : { acceptInsecureCerts: true }),
    args,
  });
}
