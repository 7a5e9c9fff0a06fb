/**
 * The messages between the embedded database's thread (db/pglite-thread-worker.ts) and the
 * service's main thread (db/pglite-thread.ts). Everything in them is structured-cloneable.
 */

/** Query options that can cross threads: parsers are functions, so only "keep as text" by type id is sent. */
export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  /** Type ids whose values stay as PostgreSQL's text (what drizzle asks for dates and intervals). */
  rawTypes?: number[];
}

export type ThreadRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; options: ThreadQueryOptions; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  /** A hot-path statement (db/sql-executor.ts): parsed and planned once under `name`, then only bound and run. */
  | { id: number; op: 'prepared'; name: string; text: string; params: unknown[] }
  /** Opens a transaction; its id is the request's id. */
  | { id: number; op: 'begin' }
  /** Ends transaction `tx`; answered once COMMIT (or ROLLBACK) has run. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A database error's message and fields (`code`, `constraint`, `detail`…): an Error's own fields do not survive a structured clone. */
export interface ThreadError {
  message: string;
  fields: Record<string, unknown>;
}

export type ThreadResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };
