import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The physical ceiling of a web turn on a database: BEGIN, an upsert of a session row, an insert
 * of a message row, COMMIT — what one turn cannot do without — run by `connections` clients for
 * `seconds`. No platform on this database can beat it (docs/performance.md).
 */
const SETUP = [
  'create temporary table if not exists bench_sessions (id int primary key, turns int not null default 0)',
  'create temporary table if not exists bench_messages (seq bigint generated always as identity primary key, session_id int not null, body jsonb not null)',
];
const UPSERT = 'insert into bench_sessions (id) values ($1) on conflict (id) do update set turns = bench_sessions.turns + 1';
const INSERT = 'insert into bench_messages (session_id, body) values ($1, $2)';

interface Transactor {
  turn(session: number): Promise<void>;
  close(): Promise<void>;
}

async function drive(transactor: Transactor, connections: number, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(Array.from({ length: connections }, async (_, client) => {
    while (Date.now() < until) {
      await transactor.turn(client);
      done += 1;
    }
  }));
  await transactor.close();
  return done / seconds;
}

/** Transactions per second on PostgreSQL, a pool of `connections`. */
export async function postgresCeiling(databaseUrl: string, connections: number, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  await Promise.all(Array.from({ length: connections }, async () => {
    const client = await pool.connect();
    for (const statement of SETUP) await client.query(statement);
    client.release();
  }));
  return drive({
    async turn(session) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query({ name: 'bench_upsert', text: UPSERT, values: [session] });
        await client.query({ name: 'bench_insert', text: INSERT, values: [session, { text: 'hello' }] });
        await client.query('commit');
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  }, connections, seconds);
}

/** Transactions per second on one embedded PGlite (it runs one statement at a time, as the server does). */
export async function pgliteCeiling(connections: number, seconds: number): Promise<number> {
  const db = await PGlite.create();
  for (const statement of SETUP) await db.query(statement);
  return drive({
    async turn(session) {
      await db.transaction(async (tx) => {
        await tx.query(UPSERT, [session]);
        await tx.query(INSERT, [session, JSON.stringify({ text: 'hello' })]);
      });
    },
    close: () => db.close(),
  }, connections, seconds);
}
