import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/connection.js';

/**
 * Counts the database round trips a piece of work waits for, on a running service's database
 * handle (docs/performance.md, "Handoff round trips"). Every call into the database client —
 * a drizzle query, a hot-path prepared statement, a transaction's BEGIN, statements and COMMIT —
 * is one statement. What is reported is the **sequential** count: the longest chain of
 * statements in which each one was sent after the previous one's answer had arrived. Statements
 * in flight together (`Promise.all` on the pool) share one link of the chain, as they share one
 * wait for the network; a statement sent after another's answer is a further link, whatever code
 * sent it. It is a lower bound of the wall-clock cost in round trips, independent of the
 * machine's speed, so tests may assert it.
 */
export interface RoundTripCounter {
  /** Starts a new measurement: chain and statement count back to zero. */
  reset(): void;
  /** The longest chain of sequential statements since the last reset. */
  sequential(): number;
  /** Every statement since the last reset. */
  statements(): number;
  /** The SQL of each statement since the last reset (first 120 characters), for failure messages. */
  log(): string[];
  /** Runs `work` without counting its statements (the test's own reads). */
  uncounted<T>(work: () => Promise<T>): Promise<T>;
}

type Query = (...args: unknown[]) => Promise<unknown>;
const WRAPPED = Symbol('round-trip-counter');

/**
 * Counts the statements of a service running in this process: on the embedded database, its
 * thread's client under `handle.db`, wrapped in place (the repositories and the hot-path executor
 * hold the same object); on PostgreSQL, every node-postgres connection of the process (the
 * service's pool, the clients it lends and the locks driver's pool). Test-only.
 */
export function countRoundTrips(handle: DatabaseHandle): RoundTripCounter {
  const client = (handle.db as unknown as { $client: Record<string | symbol, unknown> }).$client;
  const quiet = new AsyncLocalStorage<boolean>();
  let done = 0; // the longest chain among the statements answered so far
  let longest = 0;
  let count = 0;
  let texts: string[] = [];
  let epoch = 0;

  const begin = (label: string) => {
    // The readiness check's ping runs on a timer of its own (http/readiness.ts), not for the work measured.
    if (quiet.getStore() || label === 'select 1') return () => undefined;
    const at = epoch;
    const depth = done + 1;
    count += 1;
    texts.push(`${depth}: ${label.replace(/\s+/g, " ").slice(0, 100)}`);
    longest = Math.max(longest, depth);
    return () => {
      if (at === epoch) done = Math.max(done, depth);
    };
  };
  const labelOf = (args: unknown[]) => {
    const first = args[0];
    if (typeof first === 'string') return first;
    const named = first as { text?: string; sql?: string } | undefined;
    return named?.text ?? named?.sql ?? String(args[1] ?? args[0]);
  };
  const wrap = (target: Record<string | symbol, unknown>, name: string, label: (args: unknown[]) => string = labelOf) => {
    const original = target[name] as Query;
    target[name] = function (this: unknown, ...args: unknown[]) {
      const end = begin(label(args));
      const result = original.apply(this, args);
      return result.finally(end);
    };
  };

  if (typeof client.prepared === 'function') {
    // The embedded database's thread: every call is a message to it and an answer back.
    wrap(client, 'query');
    wrap(client, 'exec');
    wrap(client, 'prepared', (args) => String(args[1]));
    const transaction = client.transaction as (work: (tx: Record<string, unknown>) => Promise<unknown>) => Promise<unknown>;
    client.transaction = async function (work: (tx: Record<string, unknown>) => Promise<unknown>) {
      let endBegin: (() => void) | undefined = begin('BEGIN');
      let endCommit: (() => void) | undefined;
      try {
        return await transaction.call(client, async (tx) => {
          endBegin?.();
          endBegin = undefined;
          wrap(tx, 'query');
          wrap(tx, 'exec');
          try {
            return await work(tx);
          } finally {
            endCommit = begin('COMMIT');
          }
        });
      } finally {
        endBegin?.();
        endCommit?.();
      }
    };
  } else {
    // node-postgres: every connection of this process — the pool's, the clients it lends
    // (transactions), and the locks driver's own pool, whose events lock carries the subscribers'
    // statements (docs/performance.md, "Handoff round trips").
    const proto = pg.Client.prototype as unknown as Record<string | symbol, unknown>;
    if (proto[WRAPPED]) throw new Error('one round-trip counter per test file');
    proto[WRAPPED] = true;
    const query = proto.query as (...args: unknown[]) => unknown;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const end = begin(labelOf(args));
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        // The pool's own queries pass a callback.
        args[args.length - 1] = function (this: unknown, ...answer: unknown[]) {
          end();
          return (last as (...a: unknown[]) => unknown).apply(this, answer);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args) as Promise<unknown> | undefined;
      if (result && typeof result.finally === 'function') return result.finally(end);
      end();
      return result;
    };
  }

  return {
    reset() {
      epoch += 1;
      done = 0;
      longest = 0;
      count = 0;
      texts = [];
    },
    sequential: () => Math.max(done, longest),
    statements: () => count,
    log: () => [...texts],
    // Awaited inside the context: a drizzle query runs when it is awaited, not when it is built.
    uncounted: (work) => quiet.run(true, async () => await work()),
  };
}
