import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { DEPENDENCY_RETRY_AFTER_SECONDS, ServiceUnavailableError } from '../infra/errors.js';
import { createLogger } from '../infra/logger.js';
import { errorHandler } from './error-handler.js';

/** An app whose route `/throw/:what` throws the error named `what`, mapped by the one error handler. */
async function serve() {
  const logged: { level: number; msg: string }[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const errors: Record<string, () => unknown> = {
    // What drizzle throws when node-postgres finds the server gone: its own error, the driver's as cause.
    'postgres-stopped': () => new Error('Failed query: insert …', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' }) }),
    'postgres-shutting-down': () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    'on-purpose': () => new ServiceUnavailableError('Redis is down', 2),
    duplicate: () => Object.assign(new Error('duplicate key'), { code: '23505' }),
    bug: () => new TypeError('x is undefined'),
  };
  const app = express();
  app.get('/throw/:what', (req) => {
    throw errors[String(req.params.what)]!();
  });
  app.use(errorHandler(createLogger({ level: 'warn', destination })));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (what: string) => {
    const res = await fetch(`${url}/throw/${what}`);
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
  };
  return { call, logged, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('errorHandler', () => {
  let app: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => { app = await serve(); });
  afterAll(async () => { await app.close(); });

  test('a database that refuses connections is 503 service_unavailable with Retry-After, not 500', async () => {
    expect(await app.call('postgres-stopped')).toEqual({
      status: 503,
      retryAfter: String(DEPENDENCY_RETRY_AFTER_SECONDS),
      body: { error: 'service_unavailable', message: 'The database is unavailable; try again shortly', retry_after: DEPENDENCY_RETRY_AFTER_SECONDS, request_id: expect.any(String) },
    });
    const stopping = await app.call('postgres-shutting-down');
    expect(stopping).toMatchObject({ status: 503, retryAfter: String(DEPENDENCY_RETRY_AFTER_SECONDS), body: { error: 'service_unavailable', message: 'The database is unavailable; try again shortly' } });
  });

  test('a ServiceUnavailableError keeps its own wait', async () => {
    expect(await app.call('on-purpose')).toMatchObject({ status: 503, retryAfter: '2', body: { error: 'service_unavailable', message: 'Redis is down', retry_after: 2 } });
  });

  test('faults are logged at warn, not as unhandled errors; a bug is still a logged 500 and a duplicate a 409', async () => {
    expect(app.logged.some((line) => line.level === 40 && line.msg === 'dependency unavailable: answered 503')).toBe(true);
    expect(app.logged.some((line) => line.msg === 'unhandled error')).toBe(false);
    expect(await app.call('bug')).toMatchObject({ status: 500, retryAfter: null, body: { error: 'internal_error' } });
    expect(app.logged.some((line) => line.msg === 'unhandled error')).toBe(true);
    expect(await app.call('duplicate')).toMatchObject({ status: 409, body: { error: 'conflict' } });
  });
});
