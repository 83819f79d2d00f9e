import { createClock } from './clock.ts';
import { EmulatorState } from './emulator-state.ts';
import { buildSeed } from './seed.ts';

/** Test helpers (not a test file): a seeded store on a fixed clock. */

export const TEST_NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

export function seededStore(now = TEST_NOW): EmulatorState {
  return new EmulatorState(
    buildSeed('test-secret'),
    createClock(() => now),
  );
}

/** Deterministic block ids for Markdown conversion tests. */
export function counterIds(prefix = 'b'): () => string {
  let next = 0;
  return () => `${prefix}${next++}`;
}
