/**
 * The emulator's notion of "now": a base time source (real time, or a test's) plus an offset that
 * `POST /__emulator/clock` advances, so tests can expire tokens and codes without waiting.
 */
export interface Clock {
  now(): number;
  advance(seconds: number): void;
  offsetMs(): number;
  reset(): void;
}

export function createClock(base: () => number = Date.now): Clock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance(seconds) {
      offset += Math.round(seconds * 1000);
    },
    offsetMs: () => offset,
    reset() {
      offset = 0;
    },
  };
}
