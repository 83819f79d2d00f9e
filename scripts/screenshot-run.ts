/**
 * One run of `npm run screenshots`: what its store and per-locale scenes share (the emulator, the
 * sample article, the compositor, the builds made so far, the text found not to fit) and how each
 * scene's browser is launched.
 */
import type { UiPage } from '../tests/e2e/driver/driver.ts';
import { type DrivenBrowser, launchDriven } from '../tests/e2e/driver/launch-driven.ts';
import type { RunningEmulator } from '../tests/emulator/server.ts';
import type { BrowserChoice } from './extension-browser.ts';
import { LOCAL_API_BASE_URL, LOCAL_MODE } from './local-setup.ts';
import { browserLocaleTag } from './locale-messages.ts';
import type { ScreenshotCompositor } from './screenshot-compositor.ts';
import { describeOverflow, findOverflowingText } from './text-overflow.ts';

/** What both stores take for a screenshot. */
export const STORE_SIZE = { width: 1280, height: 800 };
/** The names the images take per browser (store/screenshots/README.md). */
export const FILE_PREFIX: Record<BrowserChoice, string> = { chromium: 'chrome', firefox: 'firefox' };

export interface ScreenshotRun {
  emulator: RunningEmulator;
  /** The sample article's address. */
  articleUrl: string;
  /** The made-up site the article is served at, for the browsers (scripts/sample-article-server.ts). */
  articleSite: { hosts: string[]; proxyPort: number };
  compositor: ScreenshotCompositor;
  /** The raw screenshots the store images are made of. */
  workDir: string;
  /** The browsers built in this run: later launches reuse the build. */
  built: Set<BrowserChoice>;
  /** Overflowing text found so far, one line each. */
  overflow: string[];
}

export const step = (text: string) => console.log(`• ${text}`);

/** The extension in `browser`, in `locale` (a folder under public/_locales) or the system's language. */
export async function launchForScreenshots(
  run: ScreenshotRun,
  browser: BrowserChoice,
  locale?: string,
): Promise<DrivenBrowser> {
  const session = await launchDriven(browser, {
    mode: LOCAL_MODE,
    apiBaseUrl: LOCAL_API_BASE_URL,
    headless: true,
    viewport: STORE_SIZE,
    // As most people see Firefox, and as headless Chromium draws them: no scrollbar takes the
    // popup's width (a classic one makes its fixed 380 px scroll sideways in a 380 px window).
    overlayScrollbars: true,
    reuseBuild: run.built.has(browser),
    madeUpSites: run.articleSite,
    ...(locale ? { locale: browserLocaleTag(locale) } : {}),
  });
  run.built.add(browser);
  return session;
}

/** Checks a page for text that does not fit, and keeps what it finds. */
export async function checkOverflow(run: ScreenshotRun, page: UiPage, where: string): Promise<void> {
  const found = await page.evaluate(findOverflowingText, undefined);
  if (found.length > 0) run.overflow.push(describeOverflow(where, found));
}
