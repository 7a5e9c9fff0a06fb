/**
 * The locks port: run a piece of work while holding a named lock, so work on the same key never
 * overlaps — the engine uses it to process the messages of one conversation one at a time, in
 * arrival order, on every instance. Two drivers: an in-process FIFO mutex (one instance, embedded
 * database) and PostgreSQL advisory locks (several instances on one database).
 */
export interface LockPort {
  /**
   * Runs `fn` once every earlier caller of the same key has finished, and before later ones
   * start. Callers of one key in this process are served in call order (the queueing happens
   * synchronously, before the first await). Different keys never wait for each other. The lock
   * is released when `fn` settles, whether it resolves or throws; its result or error is passed on.
   */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /**
   * {@link withLock}, with a read that sees everything the previous holder committed taken in the
   * same round trip as the lock: `fn` gets its result. On PostgreSQL the read's call takes the
   * lock itself (see {@link ReadUnderLock}); in process it runs once the mutex is held.
   */
  withLockReading<R, T>(key: string, read: ReadUnderLock<R>, fn: (value: R) => Promise<T>): Promise<T>;
  /** Releases connections; waiting and running callers still finish. */
  close(): Promise<void>;
}

/**
 * A read to take together with a lock (docs/performance.md, "Handoff round trips"). `call` is one
 * SQL call whose first parameter is the lock key: it must take the session-level advisory lock
 * `pg_advisory_lock(hashtextextended(key, 0))` (the PostgreSQL driver's own, which it releases)
 * before it reads, in a volatile function so the read sees what committed before the lock was
 * granted. `read` is the same read on its own, for the in-process driver.
 */
export interface ReadUnderLock<R> {
  call: { text: string; values: readonly unknown[] };
  fromRows(rows: Record<string, unknown>[]): R;
  read(): Promise<R>;
}
