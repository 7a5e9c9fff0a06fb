import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createReadiness, type Readiness, type ReadinessCheck } from '../readiness.js';
import { mountHealthRoutes } from './health.js';
import { waitFor } from '../../test/support/wait-for.js';

/** A dependency the test switches up and down; `hang` makes its pings never answer. */
function fakeCheck(name: string, required = false) {
  const state = { up: true, hang: false, pings: 0 };
  const check: ReadinessCheck = {
    name,
    required,
    ping: () => {
      state.pings++;
      if (state.hang) return new Promise<void>(() => undefined);
      return state.up ? Promise.resolve() : Promise.reject(new Error(`${name} refused`));
    },
  };
  return { check, state };
}

/** Resolves once every check has been pinged again after now, so the cache holds their current answer. */
async function refreshed(fakes: { state: { pings: number } }[]): Promise<void> {
  const seen = fakes.map((f) => f.state.pings);
  await waitFor(() => fakes.every((f, i) => f.state.pings > seen[i]! + 1), 'every check pinged again');
}

describe('GET /readyz answers from cached checks', () => {
  let server: Server;
  let base: string;
  let readiness: Readiness;
  const database = fakeCheck('database', true);
  const redis = fakeCheck('redis');

  beforeAll(async () => {
    readiness = createReadiness([database.check, redis.check], { intervalMs: 5, timeoutMs: 50 });
    await readiness.start();
    const app = express();
    mountHealthRoutes(app, readiness);
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    readiness.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    for (const fake of [database, redis]) Object.assign(fake.state, { up: true, hang: false });
  });

  const probe = async () => {
    const res = await fetch(`${base}/readyz`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  test('every dependency up: 200 ok', async () => {
    await refreshed([database, redis]);
    expect(await probe()).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } } });
  });

  test('Redis down: still 200, degraded, naming redis', async () => {
    redis.state.up = false;
    await refreshed([database, redis]);
    expect(await probe()).toEqual({
      status: 200, body: { status: 'degraded', checks: { database: 'ok', redis: 'error: redis refused' }, failed: ['redis'] },
    });
    expect(readiness.dependencies()).toEqual([{ name: 'database', up: true }, { name: 'redis', up: false }]);
  });

  test('the database down: 503 unavailable, naming it', async () => {
    database.state.up = false;
    await refreshed([database, redis]);
    expect(await probe()).toEqual({
      status: 503, body: { status: 'unavailable', checks: { database: 'error: database refused', redis: 'ok' }, failed: ['database'] },
    });
  });

  test('a ping that never answers does not hold the probe: the cache answers, and the check fails at its timeout', async () => {
    redis.state.hang = true;
    const pending = redis.state.pings;
    // Wait until a hanging ping is under way: the probe is answered while it still hangs.
    await waitFor(() => redis.state.pings !== pending, 'a hanging ping under way');
    expect((await probe()).status).toBe(200);
    await waitFor(() => readiness.state().checks.redis !== 'ok', 'the hanging check to time out');
    expect(await probe()).toEqual({
      status: 200, body: { status: 'degraded', checks: { database: 'ok', redis: 'error: no answer within 50 ms' }, failed: ['redis'] },
    });
  });

  test('/healthz is liveness only: 200 whatever the dependencies say', async () => {
    database.state.up = false;
    await refreshed([database, redis]);
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

test('shutting down: 503 unavailable, whatever the checks said', async () => {
  const readiness = createReadiness([fakeCheck('database', true).check]);
  await readiness.start();
  expect(readiness.state().status).toBe('ok');
  readiness.stop();
  const app = express();
  mountHealthRoutes(app, readiness);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok' }, shutting_down: true });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
