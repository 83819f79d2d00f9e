import type { EmulatorControl } from '../support/emulator-control.ts';

/**
 * The emulator as end-to-end tests see it: the one typed client (tests/support/emulator-control.ts),
 * under the names the flows were written with.
 */

export {
  apiGet,
  apiSend,
  type EmulatorObject,
  entityIdsOf,
  markdownOf,
  objectsIn,
  urlOf,
} from '../support/emulator-control.ts';

/** The emulator's test controls and its address (a flow's `emulator`). */
export type EmulatorAccess = EmulatorControl;

/** The request log, oldest first. */
export function requestLog(emulator: EmulatorControl) {
  return emulator.log();
}
