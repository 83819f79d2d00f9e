import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, test as base, type Worker } from '@playwright/test';
import { launchChromiumWithExtension, waitForOnboardingTab } from '../../scripts/extension-browser.ts';
import { type FixtureServer, startFixtureServer } from '../../scripts/fixture-server.ts';
import type { ProfileName } from '../emulator/profile.ts';
import { type RunningEmulator, startEmulator } from '../emulator/server.ts';
import { ChromiumDriver } from './driver/chromium-driver';
import { emulatorAccess } from './emulator-client';
import { CHROME_EXTENSION_DIR, E2E_EMULATOR_PORT } from './env';
import type { FlowContext } from './flows/flow';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';

/** Launches Chromium with the built extension in the given profile (reused to test restarts). */
export function launchWithExtension(userDataDir: string): Promise<BrowserContext> {
  return launchChromiumWithExtension({ extensionDir: CHROME_EXTENSION_DIR, userDataDir, headless: true });
}

/** The extension's service worker, waiting for it to start when needed. */
export async function extensionWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

type WorkerFixtures = {
  /** The workspace emulator at the address the e2e build was made for; reset before every test. */
  emulator: RunningEmulator;
  /** Web pages to clip: tests/fixtures at `/`, the shared corpus at `/corpus/`. */
  pages: FixtureServer;
};

type Fixtures = {
  /** The emulator profile a test runs against (`test.use({ emulatorProfile })`); reset to it before the browser starts. */
  emulatorProfile: ProfileName;
  /** A fresh profile directory for this test; removed afterwards. */
  userDataDir: string;
  /** Chromium with the extension loaded; every page is screenshotted when the test fails. */
  context: BrowserContext;
  extensionId: string;
  /** Page objects; each `open…()` call opens a new tab on that extension page. */
  popup: PopupPage;
  options: OptionsPage;
  /** What a user flow (tests/e2e/flows) runs with: here, the Chromium driver over `context`. */
  flow: FlowContext;
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
  pages: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const server = await startFixtureServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  emulatorProfile: ['spec', { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  userDataDir: async ({}, use) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
  context: async ({ userDataDir, emulator, emulatorProfile }, use, testInfo) => {
    emulator.reset({ profile: emulatorProfile });
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
  flow: async ({ context, userDataDir, emulator, pages, emulatorProfile }, use) => {
    const onboarding = context.pages().find((page) => page.url().endsWith('/options.html'));
    const driver = new ChromiumDriver({
      context,
      relaunch: () => launchWithExtension(userDataDir),
      ...(onboarding ? { onboarding } : {}),
    });
    await use({ driver, emulator: emulatorAccess(emulator.url), pagesUrl: pages.url, profile: emulatorProfile });
    await driver.dispose();
  },
});

export const expect = test.expect;

/**
 * Stops the extension's service worker, as Chrome does when it is idle; the next event starts a
 * new one. Resolves once it has stopped.
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

/**
 * Records the notifications the background shows from now on (while this worker lives), and
 * returns a reader of them as "title: message" lines.
 */
export async function recordNotifications(context: BrowserContext): Promise<() => Promise<string[]>> {
  const worker = await extensionWorker(context);
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
  return () => worker.evaluate(() => (globalThis as unknown as { shownNotifications: string[] }).shownNotifications);
}
