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

/**
 * The tenant a request outside a transaction runs for (db/tenant-session.ts): the thread gives the
 * connection that tenant first when it holds another. A transaction's statements run for the
 * tenant its `begin` named.
 */
export type ThreadRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; options: ThreadQueryOptions; tx?: number; tenant: string }
  | { id: number; op: 'exec'; text: string; tx?: number; tenant: string }
  /** A hot-path statement (db/sql-executor.ts): parsed and planned once under `name`, then only bound and run. */
  | { id: number; op: 'prepared'; name: string; text: string; params: unknown[]; tenant: string }
  /** Opens a transaction; its id is the request's id. */
  | { id: number; op: 'begin'; tenant: string }
  /** Ends transaction `tx`; answered once COMMIT (or ROLLBACK) has run. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A database error's message and fields (`code`, `constraint`, `detail`…): an Error's own fields do not survive a structured clone. */
export interface ThreadError {
  message: string;
  fields: Record<string, unknown>;
}

export type ThreadResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };
