import { test } from './fixtures';
import { registerFlows } from './flows/register-flows';

/** Every user flow that runs in Chromium (tests/e2e/flows), through Playwright. */
registerFlows(test, 'chromium');
