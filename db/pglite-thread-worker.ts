import { parentPort, workerData } from 'node:worker_threads';
import { DEFAULT_TENANT_ID } from '../tenancy/index.js';
import { PGlite, types, type ParserOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import type { ThreadError, ThreadQueryOptions, ThreadRequest, ThreadResponse } from './pglite-thread-protocol.js';
import { setTenantSql } from './tenant-session.js';

/**
 * The embedded database's own thread (docs/performance.md, "embedded"): PGlite runs its
 * statements here while the main thread serves HTTP and runs the engine, so the two use two
 * cores. It answers the requests of db/pglite-thread.ts in the order PGlite finishes them.
 */
const port = parentPort!;
const { dir } = workerData as { dir: string | undefined };
const db = new PGlite(dir);

/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void; ended: Promise<void> }>();
const ROLLBACK = Symbol('rollback');

const answer = (response: ThreadResponse) => port.postMessage(response);
const fail = (id: number, error: unknown) => answer({ id, ok: false, error: describe(error) });

port.on('message', (request: ThreadRequest) => {
  void handle(request).then((result) => answer({ id: request.id, ok: true, result }), (error: unknown) => fail(request.id, error));
});

/** The tenant the connection was last given (db/tenant-session.ts); a new connection's is the default. */
let connectionTenant = DEFAULT_TENANT_ID;
/** The requests outside a transaction, one after another (see `inTurn`). */
let turns: Promise<unknown> = Promise.resolve();

/**
 * Runs a request outside a transaction after the one before it has finished, giving the
 * connection the request's tenant first when it holds another. PGlite runs one statement at a
 * time anyway; the queue makes "the tenant, then the statement" one step that no other request
 * can come between. A transaction's statements and its end do not queue: they run for the tenant
 * of its `begin`, and a queued request waits for the transaction as PGlite makes it.
 */
function inTurn(request: ThreadRequest, work: () => Promise<unknown>): Promise<unknown> {
  const outside = 'tenant' in request && !('tx' in request && request.tx !== undefined);
  if (!outside) return work();
  const turn = turns.then(async () => {
    if (request.tenant !== connectionTenant) {
      await db.exec(setTenantSql(request.tenant));
      connectionTenant = request.tenant;
    }
    return work();
  });
  turns = turn.catch(() => undefined);
  return turn;
}

async function handle(request: ThreadRequest): Promise<unknown> {
  return inTurn(request, () => run(request));
}

async function run(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return strip(await on(request.tx).query(request.text, request.params, queryOptions(request.options)));
    case 'exec':
      return (await on(request.tx).exec(request.text)).map(strip);
    case 'prepared':
      return runPrepared(request.name, request.text, request.params);
    case 'begin':
      await begin(request.id);
      return request.id;
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`no open transaction ${request.tx}`);
      open.end(request.commit);
      return open.ended;
    }
    case 'close':
      await db.close();
      setImmediate(() => process.exit(0));
      return undefined;
  }
}

/** Names of the statements already parsed on this connection. */
const prepared = new Set<string>();

/**
 * Runs a named prepared statement in one call into PGlite: `query()` makes six (parse, describe,
 * bind, describe, execute, sync) and parses and plans the text every time, which was most of a
 * turn's cost in the database (docs/performance.md). It waits for an open transaction to end, as
 * `query()` does, so it never runs inside another caller's transaction.
 */
function runPrepared(name: string, text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
  return db._runExclusiveTransaction(() => db._runExclusiveQuery(async () => {
    if (!prepared.has(name)) {
      await db.execProtocol(concat([serialize.parse({ name, text, types: [] }), serialize.sync()]));
      prepared.add(name);
    }
    const { messages } = await db.execProtocol(concat([
      serialize.bind({ statement: name, values: params.map(asText) }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync(),
    ]));
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: Record<string, unknown>[] = [];
    for (const message of messages as { name: string; fields?: unknown[] }[]) {
      if (message.name === 'rowDescription') fields = message.fields as typeof fields;
      if (message.name !== 'dataRow') continue;
      const values = message.fields as (string | null)[];
      const row: Record<string, unknown> = {};
      fields.forEach((field, i) => (row[field.name] = values[i] === null ? null : types.parseType(values[i]!, field.dataTypeID, db.parsers)));
      rows.push(row);
    }
    return { rows };
  }));
}

/** A parameter in PostgreSQL's text format, as `query()` would send it. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const concat = (parts: Buffer[]) => new Uint8Array(Buffer.concat(parts));

/** Resolves once PGlite has begun the transaction; it stays open until its `end` request. */
function begin(id: number): Promise<void> {
  return new Promise<void>((begun, refused) => {
    let end!: (commit: boolean) => void;
    const finished = new Promise<boolean>((resolve) => (end = resolve));
    const ended = db.transaction(async (tx) => {
      transactions.set(id, { tx, end, ended });
      begun();
      if (!(await finished)) throw ROLLBACK;
    }).then(
      () => undefined,
      (error: unknown) => {
        if (error !== ROLLBACK) throw error;
      },
    ).finally(() => transactions.delete(id));
    ended.catch(refused); // before `begun`, a failed BEGIN; after it, `end` reports the failure
  });
}

function on(tx: number | undefined): Pick<PGlite, 'query' | 'exec'> {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`no open transaction ${tx}`);
  return open.tx;
}

function queryOptions(options: ThreadQueryOptions): QueryOptions {
  const parsers: ParserOptions = {};
  for (const type of options.rawTypes ?? []) parsers[type] = (value: string) => value;
  return { ...(options.rowMode ? { rowMode: options.rowMode } : {}), ...(options.rawTypes ? { parsers } : {}) };
}

/** The plain data of a result (no class instances). */
function strip(result: { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }) {
  return { rows: result.rows, fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: result.affectedRows };
}

function describe(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
  return { message: error.message, fields };
}
