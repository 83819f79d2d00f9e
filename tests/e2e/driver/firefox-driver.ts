import type { Page } from 'puppeteer-core';
import { evaluateIn, sendToBackground } from '../send-to-background.ts';
import { type Driver, type PageSize, selectElementContents, type Tab, type UiPage } from './driver.ts';
import type { FirefoxSession } from './firefox-session.ts';
import { PuppeteerUiPage } from './puppeteer-ui-page.ts';

/** The background's globals that e2e builds add (entrypoints/background/index.ts). */
type TestHooks = Record<string, (...args: unknown[]) => Promise<void>>;
type BackgroundWindow = Window & {
  spaceClipperTestHooks: TestHooks;
  shownNotifications?: string[];
  /** What the background calls its API by in Firefox (wxt/browser picks `browser` there). */
  browser: typeof chrome;
};

/**
 * A browser page no extension may script. The automation may open no other about: page (BiDi
 * refuses them), and the extension may read neither its address nor its title: these are what
 * Firefox hands a context-menu listener for it.
 */
const BROWSER_PAGE = { url: 'about:blank', title: 'New Tab' };

/**
 * The Driver for Firefox ESR: Firefox runs the background as an event page (a window the
 * extension's own pages reach with `runtime.getBackgroundPage()`), not a service worker, and its
 * pages open through the extension (see firefox-session.ts).
 */
export class FirefoxDriver implements Driver {
  readonly browser = 'firefox';
  private readonly session: FirefoxSession;
  private onboarding: Page | undefined;

  constructor(session: FirefoxSession, onboardingOptions: Page) {
    this.session = session;
    this.onboarding = onboardingOptions;
  }

  private async evaluateInControl<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    const control = await this.session.controlPage();
    return evaluateIn(control)(fn, arg);
  }

  /** Opens a page of ours through the extension (Firefox refuses to navigate a tab there). */
  private async openExtensionPage(pathAndQuery: string, size?: PageSize): Promise<UiPage> {
    const control = await this.session.controlPage();
    const target = await control.evaluate((path) => chrome.runtime.getURL(path), pathAndQuery);
    const page = await this.session.openTab(target, control);
    const viewport = size ?? this.session.viewport;
    if (viewport) await page.setViewport(viewport);
    return new PuppeteerUiPage(page);
  }

  async options(): Promise<UiPage> {
    const onboarding = this.onboarding;
    this.onboarding = undefined;
    if (onboarding && !onboarding.isClosed()) return new PuppeteerUiPage(onboarding);
    return this.openExtensionPage('/options.html');
  }

  async openPage(url: string): Promise<Tab> {
    const page = await this.session.browser.newPage();
    await page.goto(url);
    // The address as the browser normalized it (a trailing slash), as the tabs API reports it.
    const address = page.url();
    const { id, title } = await this.evaluateInControl(async (shown) => {
      const tabs = await chrome.tabs.query({});
      const tab = tabs.filter((candidate) => candidate.url === shown).at(-1);
      if (tab?.id === undefined) throw new Error(`no tab shows ${shown}`);
      return { id: tab.id, title: tab.title ?? '' };
    }, address);
    return {
      id,
      url: address,
      title,
      selectContents: (selector) => page.evaluate(selectElementContents, selector),
      focus: () => page.bringToFront(),
      screenshot: (file, options) => new PuppeteerUiPage(page).screenshot(file, options),
    };
  }

  async openBrowserPage(): Promise<Tab> {
    await this.session.controlPage();
    const page = await this.session.browser.newPage();
    await page.goto(BROWSER_PAGE.url);
    // The extension may not read a browser page's address: the newest tab is this one.
    const id = await this.evaluateInControl(
      async () => Math.max(...(await chrome.tabs.query({})).map((tab) => tab.id ?? 0)),
      undefined,
    );
    return {
      id,
      ...BROWSER_PAGE,
      selectContents: (selector) => page.evaluate(selectElementContents, selector),
      focus: () => page.bringToFront(),
      screenshot: (file, options) => new PuppeteerUiPage(page).screenshot(file, options),
    };
  }

  popup(forTab?: Tab, size?: PageSize): Promise<UiPage> {
    return this.openExtensionPage(forTab ? `/popup.html?tabId=${forTab.id}` : '/popup.html', size);
  }

  async nextPage(matches: (url: string) => boolean): Promise<UiPage> {
    const before = new Set(await this.session.browser.pages());
    const deadline = Date.now() + 15_000;
    for (;;) {
      for (const page of await this.session.pages()) {
        if (before.has(page)) continue;
        const href = await this.session.addressOf(page);
        const ready = await page.evaluate(() => document.readyState === 'complete').catch(() => false);
        if (href && matches(href) && ready) return new PuppeteerUiPage(page);
      }
      if (Date.now() > deadline) throw new Error('no new page opened');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async closeOptionsPages(): Promise<void> {
    for (;;) {
      const page = await this.session.findExtensionPage((url) => url.pathname === '/options.html');
      if (!page) return;
      await page.close();
    }
  }

  sendToBackground: Driver['sendToBackground'] = (type, ...data) =>
    sendToBackground((fn, arg) => this.evaluateInControl(fn, arg), type, ...data);

  inExtension<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.evaluateInControl(fn, arg);
  }

  async callBackgroundHook(hook: 'onMenuClicked' | 'onCommand', args: unknown[]): Promise<void> {
    await this.evaluateInControl(
      async ({ hook, args }) => {
        // An event page is a window; getBackgroundPage starts it when it is asleep.
        const background = (await chrome.runtime.getBackgroundPage()) as BackgroundWindow;
        await background.spaceClipperTestHooks[hook]?.(...args);
      },
      { hook, args },
    );
  }

  async recordNotifications(): Promise<() => Promise<string[]>> {
    await this.evaluateInControl(async () => {
      const background = (await chrome.runtime.getBackgroundPage()) as BackgroundWindow;
      const notifications = background.browser.notifications;
      const original = notifications.create.bind(notifications);
      background.shownNotifications = [];
      (notifications as { create: unknown }).create = (
        id: string,
        options: chrome.notifications.NotificationCreateOptions,
      ) => {
        background.shownNotifications?.push(`${options.title}: ${options.message}`);
        return original(id, options);
      };
    }, undefined);
    return () =>
      this.evaluateInControl(
        async () => [...(((await chrome.runtime.getBackgroundPage()) as BackgroundWindow).shownNotifications ?? [])],
        undefined,
      );
  }

  async closeControlTab(): Promise<void> {
    await this.session.closeControlPage();
  }

  async setColorScheme(scheme: 'light' | 'dark'): Promise<void> {
    this.onboarding = undefined;
    await this.session.restart({ colorScheme: scheme });
  }

  async restart(whileStopped?: () => Promise<void>): Promise<void> {
    this.onboarding = undefined;
    await this.session.restart({ whileStopped });
  }
}
