/**
 * Runs tasks of the same key one after another (in the order asked), tasks of different keys
 * freely. In memory only: it orders the work of one worker, which is all that runs at a time.
 */
export function createKeyedLock() {
  const tails = new Map<string, Promise<void>>();
  return async function exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release = () => {};
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
