/**
 * Building the extension for a local emulator (Chrome and Firefox) and launching it in Chromium:
 * shared by `npm start`, `npm run demo` and the end-to-end tests. Firefox is driven through
 * tests/e2e/driver/firefox-session.ts.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { VERSION_HEADER } from '../tests/emulator/version-header.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** The browsers `npm start` and `npm run demo` can open (`--browser`). */
export const BROWSER_CHOICES = ['chromium', 'firefox'] as const;
export type BrowserChoice = (typeof BROWSER_CHOICES)[number];

export function isBrowserChoice(value: string): value is BrowserChoice {
  return (BROWSER_CHOICES as readonly string[]).includes(value);
}

/**
 * Builds into `.output/<browser>-mv3-<mode>` with the emulator's address and the dev key baked in;
 * the Firefox build is also packed as `.output/firefox-mv3-<mode>.xpi` (see packFirefoxExtension).
 */
export function buildForEmulator(options: {
  mode: string;
  apiBaseUrl: string;
  browsers?: ('chrome' | 'firefox')[];
  /** Host patterns the build may read besides the API's (a made-up site the screenshots clip). */
  extraHosts?: string[];
}) {
  const env = {
    ...process.env,
    // The same React and library code as a store build; only mode-specific settings differ.
    NODE_ENV: 'production',
    SPACE_CLIPPER_API_BASE_URL: options.apiBaseUrl,
    SPACE_CLIPPER_OAUTH_CLIENT_ID: 'space-clipper',
    // The emulator's name for the API-version header, which its published profile can require.
    SPACE_CLIPPER_API_VERSION_HEADER: VERSION_HEADER,
    SPACE_CLIPPER_API_VERSION: '1.0.0',
    SPACE_CLIPPER_EXTRA_HOSTS: (options.extraHosts ?? []).join(','),
  };
  for (const browser of options.browsers ?? ['chrome']) {
    execFileSync('npx', ['wxt', 'build', '-b', browser, '--mode', options.mode], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (browser === 'firefox') packFirefoxExtension(extensionDir('firefox', options.mode));
  }
  return {
    chromeDir: extensionDir('chrome', options.mode),
    firefoxDir: extensionDir('firefox', options.mode),
    firefoxXpi: `${extensionDir('firefox', options.mode)}.xpi`,
  };
}

/**
 * Packs a Firefox build as `<dir>.xpi`. Firefox installs only an archive for good; an add-on
 * loaded from a folder is temporary and gone after a restart.
 */
export function packFirefoxExtension(dir: string): string {
  execFileSync(
    'npx',
    [
      'web-ext',
      'build',
      '--source-dir',
      dir,
      '--artifacts-dir',
      path.dirname(dir),
      '--filename',
      `${path.basename(dir)}.xpi`,
      '--overwrite-dest',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return `${dir}.xpi`;
}

export function extensionDir(browser: 'chrome' | 'firefox', mode: string): string {
  return path.join(ROOT, '.output', `${browser}-mv3-${mode}`);
}

/** Chromium with the extension loaded, in the given profile. */
export async function launchChromiumWithExtension(options: {
  extensionDir: string;
  userDataDir: string;
  headless: boolean;
  viewport?: { width: number; height: number } | null;
  /** Variables the browser process gets on top of this process's environment. */
  env?: Record<string, string>;
  /** Command-line switches on top of ours. */
  args?: string[];
}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(options.userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: options.headless,
    // Playwright starts the browser with exactly the `env` it is given, so it extends this process's.
    env: { ...process.env, ...options.env },
    viewport: options.viewport === undefined ? { width: 1280, height: 800 } : options.viewport,
    args: [
      `--disable-extensions-except=${options.extensionDir}`,
      `--load-extension=${options.extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      // Without these, Chromium keeps trying to reach outside hosts that an offline machine refuses.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(options.args ?? []),
    ],
  });
}

/** The id Chrome gave the loaded extension (its service worker's host). */
export async function extensionIdOf(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return new URL(worker.url()).host;
}

/**
 * A fresh install opens the options page (onboarding). Waiting for it keeps that tab from taking
 * over a page opened at the same moment.
 */
export async function waitForOnboardingTab(context: BrowserContext): Promise<Page> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const tab = context.pages().find((page) => page.url().endsWith('/options.html'));
    if (tab) {
      await tab.waitForLoadState();
      return tab;
    }
    if (Date.now() > deadline) throw new Error('the extension did not open its options page on install');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Connects a space through the options page, as a person would, and waits for the answer. */
export async function connectWithToken(options: Page, token: string): Promise<string> {
  // The token form is second to Sign in, behind its disclosure (#22).
  const disclosure = options.getByRole('button', { name: 'Use a personal token' });
  if ((await disclosure.getAttribute('aria-expanded')) !== 'true') await disclosure.click();
  await options.getByRole('textbox', { name: 'Personal API token' }).fill(token);
  await options.getByRole('button', { name: 'Connect with token' }).click();
  const status = options.getByRole('status');
  await status.filter({ hasText: /\S/ }).waitFor();
  return (await status.textContent()) ?? '';
}
