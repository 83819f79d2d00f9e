import { registerFlows } from '../flows/register-flows';
import { test } from './firefox-fixtures';

/** Every user flow that runs in Firefox ESR (tests/e2e/flows), through puppeteer-core over WebDriver BiDi. */
registerFlows(test, 'firefox');
