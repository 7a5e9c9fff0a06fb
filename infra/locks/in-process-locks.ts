import type { LockPort } from './locks-port.js';

/**
 * Keyed FIFO mutex: per key, a promise chain of the callers still waiting or running. The entry
 * is removed when the last caller of a key finishes, so idle keys cost nothing. Each caller is
 * chained at call time, which is what gives call order.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    return previous
      .then(fn)
      .finally(() => {
        release();
        if (this.tails.get(key) === tail) this.tails.delete(key);
      });
  }

  /** Keys with a caller waiting or running (for tests and diagnostics). */
  get activeKeys(): number {
    return this.tails.size;
  }
}

/**
 * The embedded locks driver: a {@link KeyedMutex} in this process. Right for one instance (and
 * the only choice on PGlite, whose single connection cannot hold a lock across other queries).
 */
export function createInProcessLocks(): LockPort {
  const mutex = new KeyedMutex();
  return {
    withLock: (key, fn) => mutex.run(key, fn),
    withLockReading: (key, read, fn) => mutex.run(key, async () => fn(await read.read())),
    close: async () => undefined,
  };
}
