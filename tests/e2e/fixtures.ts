import { type BrowserContext, test as base, type TestInfo, type Worker } from '@playwright/test';
import { type FixtureServer, startFixtureServer } from '../../scripts/fixture-server.ts';
import type { ProfileName } from '../emulator/profile.ts';
import { startEmulator } from '../emulator/server.ts';
import { emulatorControl } from '../support/emulator-control.ts';
import { ChromiumLauncher, type FreshChromium } from './chromium-launcher';
import { ChromiumDriver } from './driver/chromium-driver';
import type { EmulatorAccess } from './emulator-client';
import { type WorkerBuild, workerBuild } from './env';
import { expect as fastPollingExpect } from './expect';
import type { FlowContext } from './flows/flow';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';

/** The extension's service worker, waiting for it to start when needed. */
export async function extensionWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

type WorkerFixtures = {
  /** This worker's emulator port and the builds made for that address (tests/e2e/env.ts). */
  build: WorkerBuild;
  /**
   * This worker's workspace emulator, through its typed client (tests/support/emulator-control.ts);
   * reset to the test's profile before every test.
   */
  emulator: EmulatorAccess;
  /** Web pages to clip: tests/fixtures at `/`, the shared corpus at `/corpus/`. */
  pages: FixtureServer;
  /** Starts this worker's Chromium browsers, one ahead of the test that takes it. */
  chromium: ChromiumLauncher;
};

type Fixtures = {
  /** The emulator profile a test runs against (`test.use({ emulatorProfile })`); reset to it before the flow starts. */
  emulatorProfile: ProfileName;
  /** Chromium with the extension freshly installed in a new profile, removed afterwards. */
  fresh: FreshChromium;
  /** The browser of `fresh`; every page is screenshotted when the test fails. */
  context: BrowserContext;
  extensionId: string;
  /** Page objects; each `open…()` call opens a new tab on that extension page. */
  popup: PopupPage;
  options: OptionsPage;
  /** What a user flow (tests/e2e/flows) runs with: here, the Chromium driver over `context`. */
  flow: FlowContext;
};

/** Attaches a screenshot of every page to a failed test's report. */
export async function screenshotPagesOnFailure(
  testInfo: TestInfo,
  pages: { screenshot(options: { fullPage: boolean }): Promise<Uint8Array> }[],
): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [index, page] of pages.entries()) {
    const body = await page.screenshot({ fullPage: true }).catch(() => null);
    if (body) await testInfo.attach(`page-${index}.png`, { body: Buffer.from(body), contentType: 'image/png' });
  }
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  build: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use, workerInfo) => {
      await use(workerBuild(workerInfo.parallelIndex));
    },
    { scope: 'worker' },
  ],
  emulator: [
    async ({ build }, use) => {
      const emulator = await startEmulator({ port: build.port });
      await use(emulatorControl(emulator.url));
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
  chromium: [
    async ({ build }, use) => {
      const launcher = new ChromiumLauncher(build.chromeDir);
      await use(launcher);
      await launcher.close();
    },
    { scope: 'worker' },
  ],
  emulatorProfile: ['spec', { option: true }],
  fresh: async ({ chromium, emulator, emulatorProfile }, use) => {
    await emulator.reset({ profile: emulatorProfile });
    const fresh = await chromium.fresh();
    await use(fresh);
    await chromium.dispose(fresh);
  },
  context: async ({ fresh }, use, testInfo) => {
    await use(fresh.context);
    await screenshotPagesOnFailure(testInfo, fresh.context.pages());
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
  flow: async ({ fresh, context, chromium, emulator, pages, emulatorProfile }, use) => {
    const onboarding = fresh.onboarding.isClosed() ? undefined : fresh.onboarding;
    const driver = new ChromiumDriver({
      context,
      relaunch: () => chromium.launch(fresh.userDataDir),
      ...(onboarding ? { onboarding } : {}),
    });
    await use({ driver, emulator, pagesUrl: pages.url, profile: emulatorProfile });
    await driver.dispose();
  },
});

export const expect = fastPollingExpect;

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
