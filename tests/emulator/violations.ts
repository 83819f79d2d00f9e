import { ApiError, type ApiErrorCode } from './errors.ts';

/**
 * Requests that break the published reference. The published profile refuses each with the
 * reference's error and records it here, so a test can assert that a client sent none
 * (`GET /__emulator/violations`, `RunningEmulator.violations()`).
 */

export interface Violation {
  /** Emulator time of the request, ISO 8601. */
  time: string;
  method: string;
  path: string;
  /** The status it was refused with. */
  status: number;
  /** What breaks the reference, e.g. `body.query: Too small: expected string to have >=1 characters`. */
  reason: string;
}

/** Raised by the published profile for a request the reference does not allow; recorded, then answered. */
export class ReferenceViolation extends ApiError {
  constructor(code: ApiErrorCode, reason: string) {
    super(code, reason);
  }
}

/** At most this many are kept (a runaway client must not grow the emulator without bound). */
const MAX_VIOLATIONS = 1000;

export class ViolationLog {
  #violations: Violation[] = [];

  add(violation: Violation): void {
    this.#violations.push(violation);
    if (this.#violations.length > MAX_VIOLATIONS) this.#violations.shift();
  }

  list(): Violation[] {
    return this.#violations.map((violation) => ({ ...violation }));
  }

  clear(): void {
    this.#violations = [];
  }
}
