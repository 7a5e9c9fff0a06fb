import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Where the PostgreSQL-only tests connect: DATABASE_URL when CI sets it, else the local server.
 * Resolves to undefined when no server answers (the suite then skips that driver), unless
 * REQUIRE_SERVICES=1, where a missing server fails the run.
 */
export async function postgresUrlForTests(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    if (process.env.REQUIRE_SERVICES === '1') throw new Error(`PostgreSQL required but not reachable at ${url}: ${String(error)}`, { cause: error });
    console.warn(`PostgreSQL not reachable at ${url}; skipping its tests (${String(error)})`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A throw-away database on the server of `serverUrl`, dropped by `drop()`. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

async function withAdmin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

