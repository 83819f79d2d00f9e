import { registerFlows } from '../flows/register-flows';
import { test } from './firefox-fixtures';

/** The user flows that run in Firefox ESR with no other flow beside them (flow.ts, `alone`), after all others. */
registerFlows(test, 'firefox', { alone: true });
