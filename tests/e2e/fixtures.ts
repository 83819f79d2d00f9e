import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, test as base, chromium, type Page, type Worker } from '@playwright/test';
import { type RunningEmulator, startEmulator } from '../emulator/server.ts';
import { CHROME_EXTENSION_DIR, CHROMIUM_PATH, E2E_EMULATOR_PORT } from './env';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';

/** Launches Chromium with the built extension in the given profile (reused to test restarts). */
export async function launchWithExtension(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      `--disable-extensions-except=${CHROME_EXTENSION_DIR}`,
      `--load-extension=${CHROME_EXTENSION_DIR}`,
      '--no-sandbox',
      '--disable-gpu',
      // Without these, Chromium keeps trying to reach outside hosts that this network refuses.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A fresh install opens the options page (onboarding). Waiting for it keeps that tab from taking
 * over a page a test opens at the same moment.
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

/** The extension's service worker, waiting for it to start when needed. */
export async function extensionWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

type WorkerFixtures = {
  /** The workspace emulator at the address the e2e build was made for; reset before every test. */
  emulator: RunningEmulator;
};

type Fixtures = {
  /** A fresh profile directory for this test; removed afterwards. */
  userDataDir: string;
  /** Chromium with the extension loaded; every page is screenshotted when the test fails. */
  context: BrowserContext;
  extensionId: string;
  /** Page objects; each `open…()` call opens a new tab on that extension page. */
  popup: PopupPage;
  options: OptionsPage;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  emulator: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const emulator = await startEmulator({ port: E2E_EMULATOR_PORT });
      await use(emulator);
      await emulator.close();
    },
    { scope: 'worker' },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  userDataDir: async ({}, use) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
  context: async ({ userDataDir, emulator }, use, testInfo) => {
    emulator.reset();
    const context = await launchWithExtension(userDataDir);
    await waitForOnboardingTab(context);
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const [index, page] of context.pages().entries()) {
        const body = await page.screenshot({ fullPage: true }).catch(() => null);
        if (body) await testInfo.attach(`page-${index}.png`, { body, contentType: 'image/png' });
      }
    }
    await context.close();
  },
  extensionId: async ({ context }, use) => {
    const worker = await extensionWorker(context);
    await use(new URL(worker.url()).host);
  },
  popup: async ({ context, extensionId }, use) => {
    await use(new PopupPage(context, extensionId));
  },
  options: async ({ context, extensionId }, use) => {
    await use(new OptionsPage(context, extensionId));
  },
});

export const expect = test.expect;
