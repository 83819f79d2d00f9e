import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { launchChromiumWithExtension, waitForOnboardingTab } from '../../scripts/extension-browser.ts';

/** Chromium just started in a new profile, with the extension freshly installed and its onboarding tab open. */
export interface FreshChromium {
  context: BrowserContext;
  userDataDir: string;
  onboarding: Page;
}

/**
 * Starts a worker's Chromium browsers, each in a new profile, one ahead: while a test runs, the
 * browser for the next one starts, so no test waits for a browser to start. The one started ahead
 * is a fresh install like any other: nothing of ours has touched it, and an install without a
 * connected space sends nothing to the emulator, so its start may overlap the test before.
 */
export class ChromiumLauncher {
  private readonly extensionDir: string;
  private ahead: Promise<FreshChromium> | undefined;

  constructor(extensionDir: string) {
    this.extensionDir = extensionDir;
  }

  /** Chromium with the extension loaded in the given profile (a new one, or one to restart with). */
  launch(userDataDir: string): Promise<BrowserContext> {
    return launchChromiumWithExtension({ extensionDir: this.extensionDir, userDataDir, headless: true });
  }

  /** A fresh browser for a test (the one started ahead, when there is one), and the next one starting. */
  async fresh(): Promise<FreshChromium> {
    const browser = await (this.ahead ?? this.start());
    this.ahead = this.start();
    return browser;
  }

  /** Closes a browser `fresh()` gave, and removes its profile. */
  async dispose(browser: FreshChromium): Promise<void> {
    await browser.context.close();
    await rm(browser.userDataDir, { recursive: true, force: true });
  }

  /** Closes the browser started ahead, which no test took. */
  async close(): Promise<void> {
    const ahead = await this.ahead?.catch(() => undefined);
    this.ahead = undefined;
    if (ahead) await this.dispose(ahead);
  }

  private start(): Promise<FreshChromium> {
    const starting = (async () => {
      const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-e2e-'));
      const context = await this.launch(userDataDir);
      return { context, userDataDir, onboarding: await waitForOnboardingTab(context) };
    })();
    // A start that fails is reported to the test that takes it, not as an unhandled rejection now.
    starting.catch(() => {});
    return starting;
  }
}
