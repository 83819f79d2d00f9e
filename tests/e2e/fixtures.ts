import { test as base, type TestInfo } from '@playwright/test';
import { type FixtureServer, startFixtureServer } from '../../scripts/fixture-server.ts';
import type { ProfileName } from '../emulator/profile.ts';
import { startEmulator } from '../emulator/server.ts';
import { emulatorControl } from '../support/emulator-control.ts';
import { ChromiumLauncher } from './chromium-launcher';
import { ChromiumDriver } from './driver/chromium-driver';
import type { EmulatorAccess } from './emulator-client';
import { type WorkerBuild, workerBuild } from './env';
import type { FlowContext } from './flows/flow';

export { stopServiceWorker } from './driver/chromium-driver';

type WorkerFixtures = {
  /** This worker's emulator port and the builds made for that address (tests/e2e/env.ts). */
  build: WorkerBuild;
  /**
   * This worker's workspace emulator, through its typed client (tests/support/emulator-control.ts);
   * reset to the test's profile before every flow.
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
  /** What a user flow (tests/e2e/flows) runs with: here, Chromium with the extension freshly installed. */
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

/**
 * The fixtures of every end-to-end test: a flow (tests/e2e/flows) with this worker's emulator, reset
 * to the flow's profile, and a browser with the extension freshly installed. The Firefox project
 * replaces `flow` (firefox/firefox-fixtures.ts).
 */
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
  flow: async ({ chromium, emulator, pages, emulatorProfile }, use, testInfo) => {
    await emulator.reset({ profile: emulatorProfile });
    const fresh = await chromium.fresh();
    const driver = new ChromiumDriver({
      context: fresh.context,
      relaunch: () => chromium.launch(fresh.userDataDir),
      ...(fresh.onboarding.isClosed() ? {} : { onboarding: fresh.onboarding }),
    });
    await use({ driver, emulator, pagesUrl: pages.url, profile: emulatorProfile });
    await screenshotPagesOnFailure(testInfo, driver.context.pages());
    await driver.dispose();
    await chromium.dispose(fresh);
  },
});
