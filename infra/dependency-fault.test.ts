import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { dependencyFaultOf } from './dependency-fault.js';
import { ConflictError, DEPENDENCY_RETRY_AFTER_SECONDS, ServiceUnavailableError } from './errors.js';

/** A port where nothing listens: bound, then released. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The database's own error class with a SQLSTATE, as node-postgres raises it from a server's answer. */
function serverError(code: string, message = 'from the server'): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
}

/** drizzle wraps the driver's error in its own, with the driver's as `cause`. */
function wrapped(cause: unknown): Error {
  return new Error('Failed query: select 1\nparams: ', { cause });
}

describe('dependency faults: 503 service_unavailable with Retry-After', () => {
  test('PostgreSQL refusing the connection (the server is stopped), through a pool and wrapped by the ORM', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await deadPort()}/postgres` });
    const error = await pool.query('select 1').catch((e: unknown) => e);
    await pool.end();
    expect(dependencyFaultOf(error)?.message).toBe('A service this request depends on is unavailable; try again shortly');
    const fault = dependencyFaultOf(wrapped(error))!;
    expect(fault.message).toBe('The database is unavailable; try again shortly');
    expect(fault).toMatchObject({ code: 'service_unavailable', retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS });
    expect(fault.details).toEqual({ retry_after: DEPENDENCY_RETRY_AFTER_SECONDS });
  });

  test.each([
    ['08006', 'connection_failure'],
    ['08001', 'sqlclient_unable_to_establish_sqlconnection'],
    ['53300', 'too_many_connections'],
    ['53100', 'disk_full'],
    ['57P01', 'admin_shutdown (a server stopping)'],
    ['57P02', 'crash_shutdown'],
    ['57P03', 'cannot_connect_now (a server starting or recovering)'],
  ])('SQLSTATE %s, %s', (code) => {
    expect(dependencyFaultOf(wrapped(serverError(code)))?.message).toBe('The database is unavailable; try again shortly');
  });

  test.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Cannot use a pool after calling end on the pool',
  ])('node-postgres: %s', (message) => {
    expect(dependencyFaultOf(wrapped(new Error(message)))?.message).toBe('The database is unavailable; try again shortly');
  });

  test('a socket reset or a dual-stack connect that failed on every address', () => {
    expect(dependencyFaultOf(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBeInstanceOf(ServiceUnavailableError);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(dependencyFaultOf(new AggregateError([refused, refused]))).toBeInstanceOf(ServiceUnavailableError);
  });

  test('the embedded database\'s thread gone', () => {
    expect(dependencyFaultOf(Object.assign(new Error('thread stopped'), { code: 'PGLITE_THREAD_GONE' }))?.message).toMatch(/database/);
  });

  test('Redis down, for a client that fails rather than waits (offline queue off)', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await deadPort()}`, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    redis.on('error', () => undefined);
    const error = await redis.get('k').catch((e: unknown) => e);
    redis.disconnect();
    expect(dependencyFaultOf(error)?.message).toBe('The Redis server is unavailable; try again shortly');
    expect(dependencyFaultOf(new Error('Connection is closed.'))).toBeInstanceOf(ServiceUnavailableError);
    expect(dependencyFaultOf(Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' })))
      .toBeInstanceOf(ServiceUnavailableError);
  });

  test('a ServiceUnavailableError thrown on purpose stays as it is', () => {
    const error = new ServiceUnavailableError('Redis is down', 2);
    expect(dependencyFaultOf(error)).toBe(error);
  });
});

describe('not dependency faults: bugs and refusals keep their answers', () => {
  test.each([
    ['a syntax error (42601)', wrapped(serverError('42601'))],
    ['a unique violation (23505)', wrapped(serverError('23505'))],
    ['a statement timeout (57014)', wrapped(serverError('57014'))],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['a domain error', new ConflictError('taken')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
  ])('%s', (_what, error) => {
    expect(dependencyFaultOf(error)).toBeUndefined();
  });

  test('a cycle of causes ends', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = new Error('b', { cause: a });
    expect(dependencyFaultOf(a)).toBeUndefined();
  });
});
