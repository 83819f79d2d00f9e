import { PROFILE_NAMES, type ProfileName } from '../../emulator/profile.ts';
import type { BrowserName, Driver } from '../driver/driver';
import type { EmulatorAccess } from '../emulator-client';

/**
 * A user flow, described once and run by each browser's spec files (tests/e2e/chromium-flows.spec.ts,
 * tests/e2e/firefox/flows.spec.ts, and the `alone` ones: chromium-alone.spec.ts,
 * firefox/alone.spec.ts) for the [browser × emulator profile] combinations it names.
 */

export interface FlowContext {
  driver: Driver;
  /** The emulator's test controls and address: every assertion on what landed reads the emulator. */
  emulator: EmulatorAccess;
  /** Where tests/fixtures is served (the article, the PDF). */
  pagesUrl: string;
  /** The emulator profile this run answers with (the emulator was reset to it before the flow). */
  profile: ProfileName;
}

export interface FlowRun {
  browser: BrowserName;
  profile: ProfileName;
}

export interface Flow {
  title: string;
  runs: readonly FlowRun[];
  /** Longer than the default test timeout, for flows that wait out backoffs or restart the browser. */
  timeoutMs?: number;
  /**
   * For a flow whose assertion holds only while the browser keeps pace (keystrokes closer together
   * than a debounce, a refusal within the default timeout): it runs after every other flow, one at a
   * time, when no other browser of the suite competes for the cores (playwright.config.ts).
   */
  alone?: boolean;
  run(context: FlowContext): Promise<void>;
}

export const BROWSERS: readonly BrowserName[] = ['chromium', 'firefox'];

/** Every browser against the `spec` profile: where a flow runs unless it says otherwise. */
export function inBrowsers(browsers: readonly BrowserName[] = BROWSERS, profiles: readonly ProfileName[] = ['spec']) {
  return browsers.flatMap((browser) => profiles.map((profile) => ({ browser, profile })));
}

/** Every browser against every emulator profile: the flows whose requests both servers must take. */
export const EVERYWHERE = inBrowsers(BROWSERS, PROFILE_NAMES);

/** Chromium against the `spec` profile: flows that need what only Chromium can do (chromium-driver.ts, `chromiumOnly`). */
export const CHROMIUM_ONLY = inBrowsers(['chromium']);

export function defineFlow(
  title: string,
  run: (context: FlowContext) => Promise<void>,
  options: { runs?: readonly FlowRun[]; timeoutMs?: number; alone?: boolean } = {},
): Flow {
  return {
    title,
    run,
    runs: options.runs ?? inBrowsers(),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.alone ? { alone: true } : {}),
  };
}

/** The flows of `flows` that run in `browser` against `profile`. */
export function flowsFor(flows: readonly Flow[], browser: BrowserName, profile: ProfileName): Flow[] {
  return flows.filter((flow) => flow.runs.some((run) => run.browser === browser && run.profile === profile));
}
