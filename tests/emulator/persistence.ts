import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { EmulatorData } from './types.ts';

/**
 * `--data FILE`: the state is written after changes (debounced), atomically (temporary file +
 * rename), so a crash never leaves half a file. Writes are synchronous: the file is at most a few
 * MB, and a sync write cannot interleave with a concurrent one.
 */
export class Persistence {
  readonly #file: string;
  readonly #snapshot: () => EmulatorData;
  readonly #debounceMs: number;
  /** Longest a change may wait while changes keep coming. */
  readonly #maxWaitMs: number;
  #timer: NodeJS.Timeout | undefined;
  #firstPendingAt: number | undefined;

  constructor(file: string, snapshot: () => EmulatorData, debounceMs = 100, maxWaitMs = 1000) {
    this.#file = file;
    this.#snapshot = snapshot;
    this.#debounceMs = debounceMs;
    this.#maxWaitMs = maxWaitMs;
  }

  static load(file: string): EmulatorData | undefined {
    if (!existsSync(file)) return undefined;
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<EmulatorData>;
    if (data.formatVersion !== 1 || !Array.isArray(data.objects) || !Array.isArray(data.spaces)) {
      throw new Error(`${file} is not an emulator data file (formatVersion 1)`);
    }
    return data as EmulatorData;
  }

  schedule(): void {
    const now = Date.now();
    this.#firstPendingAt ??= now;
    clearTimeout(this.#timer);
    const wait = Math.min(this.#debounceMs, Math.max(0, this.#firstPendingAt + this.#maxWaitMs - now));
    this.#timer = setTimeout(() => this.flush(), wait);
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#firstPendingAt = undefined;
    const temporary = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.#snapshot()));
    renameSync(temporary, this.#file);
  }

  /** Writes pending changes, if any (on close). */
  close(): void {
    if (this.#timer !== undefined) this.flush();
  }
}
