import { test } from './fixtures';
import { registerFlows } from './flows/register-flows';

/** The user flows that run in Chromium with no other flow beside them (flow.ts, `alone`), after all others. */
registerFlows(test, 'chromium', { alone: true });
