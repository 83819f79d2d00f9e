import { PROFILE_NAMES, type ProfileName } from '../../emulator/profile.ts';
import type { BrowserName } from '../driver/driver';
import { expect } from '../expect';
import { type FlowContext, flowsFor } from './flow';
import { FLOWS } from './index';

/** The part of a Playwright `test` (with a `flow` fixture and an `emulatorProfile` option) this needs. */
interface FlowTest {
  (title: string, body: (fixtures: { flow: FlowContext }) => Promise<void>): void;
  describe(title: string, body: () => void): void;
  use(options: { emulatorProfile: ProfileName }): void;
  setTimeout(timeoutMs: number): void;
}

/**
 * Declares one test per flow and emulator profile that runs in `browser` (titled by the profile):
 * the flows that run `alone`, or (by default) the others, the flows that allow themselves more
 * time first, so that the parallel workers do not end the run waiting for one long flow started
 * last.
 */
export function registerFlows(test: FlowTest, browser: BrowserName, options: { alone?: boolean } = {}): void {
  // Across both profiles: a long flow of the second profile would otherwise start only after
  // every flow of the first, and end the run alone.
  const runs = PROFILE_NAMES.flatMap((profile) =>
    flowsFor(FLOWS, browser, profile)
      .filter((flow) => (flow.alone ?? false) === (options.alone ?? false))
      .map((flow) => ({ flow, profile })),
  ).sort((a, b) => (b.flow.timeoutMs ?? 0) - (a.flow.timeoutMs ?? 0));
  for (const { flow, profile } of runs) {
    test.describe(`emulator profile "${profile}"`, () => {
      test.use({ emulatorProfile: profile });
      test(flow.title, async ({ flow: context }) => {
        if (flow.timeoutMs) test.setTimeout(flow.timeoutMs);
        try {
          await flow.run(context);
        } catch (error) {
          // A refused request often makes a flow fail further on: name it beside the failure.
          const refused = await context.emulator.violations();
          if (refused.length > 0 && error instanceof Error) {
            error.message += `\n\nRequests that break the published reference: ${JSON.stringify(refused, null, 2)}`;
          }
          throw error;
        }
        // The published profile refuses and records every request that breaks its reference (the
        // spec profile records none): a flow passes only if the extension sent no such request.
        expect(await context.emulator.violations(), 'requests that break the published reference').toEqual([]);
      });
    });
  }
}
