import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { evaluateIn, sendToBackground } from '../send-to-background.ts';
import { type Driver, type PageSize, selectElementContents, type Tab, type UiPage } from './driver.ts';
import { PlaywrightUiPage } from './playwright-ui-page.ts';

/** A browser page no extension may script. */
const BROWSER_PAGE = { url: 'chrome://version/', title: 'About Version' };

type TestHooks = Record<string, (...args: unknown[]) => Promise<void>>;

export interface ChromiumDriverOptions {
  context: BrowserContext;
  /** The options tab a fresh install opened, handed out by the first `options()`. */
  onboarding?: Page;
  /** Starts Chromium again with the same profile (for `restart()`). */
  relaunch(): Promise<BrowserContext>;
}

/**
 * The Driver for Chromium through Playwright: the background is a service worker, which Playwright
 * reaches directly, and a test may open any chrome-extension:// page in a tab. Beyond the Driver,
 * it has what only Chromium can do, for the flows that run in Chromium alone (`chromiumOnly`):
 * the service worker itself (evaluate in it, stop it over the DevTools protocol), axe-core's
 * audit, and the Playwright page behind a page or a tab it opened.
 */
export class ChromiumDriver implements Driver {
  readonly browser = 'chromium';
  context: BrowserContext;
  private readonly launched: BrowserContext[] = [];
  private readonly tabPages = new WeakMap<Tab, Page>();
  private extensionId = '';
  private colorScheme: 'light' | 'dark' | undefined;
  private onboarding: Page | undefined;

  private readonly launch: ChromiumDriverOptions;

  constructor(launch: ChromiumDriverOptions) {
    this.launch = launch;
    this.context = launch.context;
    this.onboarding = launch.onboarding;
  }

  /** The extension's service worker, waiting for it to start when needed. */
  async serviceWorker(): Promise<Worker> {
    const worker = this.context.serviceWorkers()[0] ?? (await this.context.waitForEvent('serviceworker'));
    this.extensionId = new URL(worker.url()).host;
    return worker;
  }

  /** `chrome-extension://<id>`: where the extension's pages are. */
  async origin(): Promise<string> {
    if (!this.extensionId) await this.serviceWorker();
    return `chrome-extension://${this.extensionId}`;
  }

  /**
   * A tab of the extension that is no page of ours (an icon): the extension's APIs are there, and
   * nothing of ours runs in it, so closing an options page or a popup never takes it away.
   */
  private async controlPage(): Promise<Page> {
    const origin = await this.origin();
    const existing = this.context.pages().find((page) => page.url().startsWith(`${origin}/icon/`));
    if (existing) return existing;
    const page = await this.context.newPage();
    await page.goto(`${origin}/icon/128.png`);
    return page;
  }

  private async evaluateInControl<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    const control = await this.controlPage();
    return evaluateIn(control)(fn, arg);
  }

  /** A new tab, with the color scheme asked for. */
  private async newPage(size?: PageSize): Promise<Page> {
    const page = await this.context.newPage();
    if (this.colorScheme) await page.emulateMedia({ colorScheme: this.colorScheme });
    if (size) await page.setViewportSize(size);
    return page;
  }

  private async openExtensionPage(pathAndQuery: string, size?: PageSize, initScript?: string): Promise<UiPage> {
    const page = await this.newPage(size);
    if (initScript) await page.addInitScript(initScript);
    await page.goto(`${await this.origin()}${pathAndQuery}`);
    return new PlaywrightUiPage(page);
  }

  async options(): Promise<UiPage> {
    const onboarding = this.onboarding;
    this.onboarding = undefined;
    if (onboarding && !onboarding.isClosed()) return new PlaywrightUiPage(onboarding);
    return this.openExtensionPage('/options.html');
  }

  async openPage(url: string): Promise<Tab> {
    const page = await this.newPage();
    await page.goto(url);
    const id = await this.evaluateInControl(async (address) => {
      const tabs = await chrome.tabs.query({});
      const tab = tabs.filter((candidate) => candidate.url === address).at(-1);
      if (tab?.id === undefined) throw new Error(`no tab shows ${address}`);
      return tab.id;
    }, page.url());
    const tab: Tab = {
      id,
      url: page.url(),
      title: await page.title(),
      selectContents: (css) => page.evaluate(selectElementContents, css),
      focus: () => page.bringToFront(),
      screenshot: (file, options) => new PlaywrightUiPage(page).screenshot(file, options),
    };
    this.tabPages.set(tab, page);
    return tab;
  }

  async openBrowserPage(): Promise<Tab> {
    await this.controlPage();
    const page = await this.newPage();
    await page.goto(BROWSER_PAGE.url);
    // The extension may not read a browser page's address: the newest tab is this one.
    const id = await this.evaluateInControl(
      async () => Math.max(...(await chrome.tabs.query({})).map((tab) => tab.id ?? 0)),
      undefined,
    );
    return {
      id,
      ...BROWSER_PAGE,
      selectContents: (css) => page.evaluate(selectElementContents, css),
      focus: () => page.bringToFront(),
      screenshot: (file, options) => new PlaywrightUiPage(page).screenshot(file, options),
    };
  }

  popup(forTab?: Tab, size?: PageSize): Promise<UiPage> {
    return this.openExtensionPage(forTab ? `/popup.html?tabId=${forTab.id}` : '/popup.html', size);
  }

  /** The popup for a tab, with `script` run in it before any script of the page's own (to watch it paint). */
  popupWithInitScript(forTab: Tab, script: string): Promise<UiPage> {
    return this.openExtensionPage(`/popup.html?tabId=${forTab.id}`, undefined, script);
  }

  async nextPage(matches: (url: string) => boolean): Promise<UiPage> {
    const page = await this.context.waitForEvent('page', {
      predicate: (candidate) => matches(candidate.url()),
      timeout: 15_000,
    });
    await page.waitForLoadState();
    return new PlaywrightUiPage(page);
  }

  async closeOptionsPages(): Promise<void> {
    for (const page of this.context.pages()) if (page.url().endsWith('/options.html')) await page.close();
  }

  sendToBackground: Driver['sendToBackground'] = (type, ...data) =>
    sendToBackground((fn, arg) => this.evaluateInControl(fn, arg), type, ...data);

  inExtension<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.evaluateInControl(fn, arg);
  }

  async callBackgroundHook(hook: 'onMenuClicked' | 'onCommand', args: unknown[]): Promise<void> {
    const worker = await this.serviceWorker();
    await worker.evaluate(
      async ({ hook, args }) => {
        const hooks = (globalThis as unknown as { spaceClipperTestHooks: TestHooks }).spaceClipperTestHooks;
        await hooks[hook]?.(...args);
      },
      { hook, args },
    );
  }

  async recordNotifications(): Promise<() => Promise<string[]>> {
    const worker = await this.serviceWorker();
    await worker.evaluate(() => {
      const shown: string[] = [];
      const original = chrome.notifications.create.bind(chrome.notifications);
      Object.assign(globalThis, { shownNotifications: shown });
      (chrome.notifications as { create: unknown }).create = (
        id: string,
        options: chrome.notifications.NotificationCreateOptions,
      ) => {
        shown.push(`${options.title}: ${options.message}`);
        return original(id, options);
      };
    });
    return () =>
      worker.evaluate(() => [...(globalThis as unknown as { shownNotifications: string[] }).shownNotifications]);
  }

  async restart(whileStopped?: () => Promise<void>): Promise<void> {
    await this.context.close();
    await whileStopped?.();
    this.context = await this.launch.relaunch();
    this.launched.push(this.context);
  }

  async closeControlTab(): Promise<void> {
    const origin = await this.origin();
    for (const page of this.context.pages()) if (page.url().startsWith(`${origin}/icon/`)) await page.close();
  }

  async setColorScheme(scheme: 'light' | 'dark'): Promise<void> {
    this.colorScheme = scheme;
    for (const page of this.context.pages()) await page.emulateMedia({ colorScheme: scheme });
  }

  /** Runs `fn` in the extension's service worker (the background itself) and returns its result. */
  async inServiceWorker<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return evaluateIn(await this.serviceWorker())(fn, arg);
  }

  /**
   * Stops the extension's service worker, as Chrome does when it is idle; the next event starts a
   * new one. Resolves once it has stopped.
   */
  async stopServiceWorker(): Promise<void> {
    await stopServiceWorker(this.context);
  }

  /** The Playwright page behind a page of ours or a web page's tab that this driver opened. */
  pageOf(opened: UiPage | Tab): Page {
    const page = opened instanceof PlaywrightUiPage ? opened.page : this.tabPages.get(opened as Tab);
    if (!page) throw new Error('this page was not opened by the Chromium driver');
    return page;
  }

  /** What axe-core finds wrong with a page's accessibility, as it shows now. */
  async accessibilityViolations(page: UiPage): Promise<unknown[]> {
    return (await new AxeBuilder({ page: this.pageOf(page) }).analyze()).violations;
  }

  /** Closes what `restart()` launched (the first context is its fixture's to close). */
  async dispose(): Promise<void> {
    for (const context of this.launched) await context.close();
  }
}

/** The Chromium driver of a flow that runs in Chromium alone (for its powers no other browser has). */
export function chromiumOnly(driver: Driver): ChromiumDriver {
  if (!(driver instanceof ChromiumDriver)) throw new Error(`this flow runs in Chromium only, not in ${driver.browser}`);
  return driver;
}

/**
 * Stops the extension's service worker through the DevTools protocol; resolves once it has
 * stopped.
 */
export async function stopServiceWorker(context: BrowserContext): Promise<void> {
  const scratch = await context.newPage();
  const cdp = await context.newCDPSession(scratch);
  const stopped = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (
        versions.some((version) => version.scriptURL.endsWith('/background.js') && version.runningStatus === 'stopped')
      ) {
        resolve();
      }
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await stopped;
  await cdp.detach();
  await scratch.close();
}
