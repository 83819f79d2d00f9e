import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../emulator/server.ts';
import { type EmulatorControl, emulatorControl } from './emulator-control.ts';

/**
 * The emulator of a vitest test file: started in-process on a free port before the file's first
 * test, back to its seed before each test (unless `resetBeforeEach: false`), stopped after the
 * last. Tests read and steer it through `control`, the one typed client every test uses (the
 * end-to-end flows too); `server` is the emulator's own in-process API, for the emulator's tests.
 */
export interface TestEmulator {
  /** Its base URL (no trailing slash). */
  readonly url: string;
  readonly control: EmulatorControl;
  readonly server: RunningEmulator;
}

export function testEmulator(
  options: Omit<EmulatorOptions, 'port'> & { resetBeforeEach?: boolean } = {},
): TestEmulator {
  const { resetBeforeEach = true, ...startOptions } = options;
  let running: { server: RunningEmulator; control: EmulatorControl } | undefined;
  const current = () => {
    if (!running) throw new Error('the emulator is not running: use it inside a test or a hook');
    return running;
  };

  beforeAll(async () => {
    const server = await startEmulator({ ...startOptions, port: 0 });
    running = { server, control: emulatorControl(server.url) };
  });
  afterAll(async () => {
    await running?.server.close();
    running = undefined;
  });
  if (resetBeforeEach) beforeEach(() => current().control.reset());

  return {
    get url() {
      return current().server.url;
    },
    get control() {
      return current().control;
    },
    get server() {
      return current().server;
    },
  };
}
