import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { currentTenant } from '../tenancy/index.js';
import type { ThreadError, ThreadQueryOptions, ThreadRequest, ThreadResponse } from './pglite-thread-protocol.js';

/**
 * The embedded database (PGlite) on its own thread (db/pglite-thread-worker.ts). PGlite runs one
 * statement at a time and was half of the server's CPU on the main thread (docs/performance.md);
 * on a thread of its own it uses the second core while the main thread serves HTTP and runs the
 * engine. This is the part of PGlite's interface the service uses: `query`, `exec` and
 * `transaction` for drizzle and the hot path's statements, and `close`.
 */
export interface PgliteThread {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  /** A statement of the hot path, prepared once by `name` (db/sql-executor.ts); rows as objects. */
  prepared<T>(name: string, text: string, params: unknown[]): Promise<{ rows: T[] }>;
  transaction<T>(work: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What a transaction's callback gets (as PGlite's own `Transaction`, without `listen`). */
export interface PgliteThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The `code` of every error after the thread has gone (the same string as in infra/dependency-fault.ts, which db/ may not import). */
export const PGLITE_THREAD_GONE = 'PGLITE_THREAD_GONE';

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Starts the thread and opens the database in `dir` (in memory without one). */
export async function openPgliteThread(dir: string | undefined): Promise<PgliteThread> {
  const worker = startWorker({ dir });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let gone: Error | undefined;

  worker.on('message', (response: ThreadResponse) => {
    const waiting = pending.get(response.id);
    pending.delete(response.id);
    if (response.ok) waiting?.resolve(response.result);
    else waiting?.reject(rebuild(response.error));
  });
  const stop = (cause: Error) => {
    // One code for every call after the thread is gone: infra/dependency-fault.ts reads it as "the database is unavailable".
    const error = Object.assign(new Error(`the embedded database's thread has stopped: ${cause.message}`, { cause }), { code: PGLITE_THREAD_GONE });
    gone = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', stop);
  // Listened for from the start: when the main thread is busy, Node can hand it the close's answer
  // and the exit in one turn, emitting 'exit' before an `await` after the answer could listen.
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('exit', (code) => stop(new Error(`the embedded database's thread exited (code ${code})`)));

  const call = <T>(request: Request): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = (nextId += 1);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const query = <T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: number) =>
    call<Results<T>>({ op: 'query', text, params, options: threadOptions(options), tenant: currentTenant(), ...(tx === undefined ? {} : { tx }) });
  const exec = (text: string, tx?: number) => call<Results[]>({ op: 'exec', text, tenant: currentTenant(), ...(tx === undefined ? {} : { tx }) });

  await query('select 1'); // PGlite is ready (or the thread's error surfaces here)
  return {
    query: (text, params, options) => query(text, params, options),
    exec: (text) => exec(text),
    prepared: (name, text, params) => call({ op: 'prepared', name, text, params, tenant: currentTenant() }),
    async transaction(work) {
      const tx = await call<number>({ op: 'begin', tenant: currentTenant() });
      let closed = false;
      const end = async (commit: boolean) => {
        if (closed) return;
        closed = true;
        await call({ op: 'end', tx, commit });
      };
      const handle: PgliteThreadTransaction = {
        query: (text, params, options) => query(text, params, options, tx),
        exec: (text) => exec(text, tx),
        rollback: () => end(false),
        get closed() {
          return closed;
        },
      };
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(handle);
      } catch (error) {
        await end(false).catch(() => undefined);
        throw error;
      }
      await end(true);
      return result;
    },
    async close() {
      if (gone) return;
      await call({ op: 'close' });
      await exited;
    },
  };
}

/**
 * The worker beside this file: `.js` from dist/; from source (tsx, jest) `.ts`, which the thread
 * can only load once the TypeScript loader is registered in it (it does not inherit `--import`).
 */
function startWorker(workerData: { dir: string | undefined }): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-thread-worker.js', import.meta.url), { workerData });
  const entry = new URL('./pglite-thread-worker.ts', import.meta.url).href;
  // Resolved from this file where the runtime can (tsx); jest's sandbox has no import.meta.resolve, and runs from the project root.
  const loader = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api';
  const boot = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/**
 * Parsers are functions and cannot cross threads. Every parser the service passes (drizzle's, for
 * dates and intervals) keeps the text as it is, so the type ids are sent and the thread does that.
 */
function threadOptions(options: QueryOptions | undefined): ThreadQueryOptions {
  if (!options) return {};
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.parsers ? { rawTypes: Object.keys(options.parsers).map(Number) } : {}),
  };
}

/** The database's error again, with its fields (`code`, `constraint`…) as the callers check them. */
function rebuild(error: ThreadError): Error {
  return Object.assign(new Error(error.message), error.fields);
}
