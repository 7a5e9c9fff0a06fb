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
  /** Releases connections; waiting and running callers still finish. */
  close(): Promise<void>;
}
