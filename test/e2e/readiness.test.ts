import { createServer, type Server } from 'node:net';
import { METRIC_NAMES } from '../../infra/metrics/index.js';
import { sampleValue } from '../support/prometheus-text.js';
import { createScratchDatabase, postgresUrlForTests } from '../support/postgres.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { waitForValue } from '../support/wait-for.js';
import { testDriversLabel } from '../support/drivers.js';

/** A port where nothing answers: bound, then closed. */
async function deadPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls /readyz (answered from the cached checks) until its status is `status`. */
async function readyzUntil(base: string, status: number): Promise<{ status: string; failed?: string[]; checks: Record<string, string> }> {
  const read = async () => {
    const res = await fetch(`${base}/readyz`);
    return { status: res.status, body: (await res.json()) as { status: string; failed?: string[]; checks: Record<string, string> } };
  };
  return (await waitForValue(read, (r) => r.status === status, { what: `/readyz to answer ${status}`, timeoutMs: 30_000, intervalMs: 50 })).body;
}

const postgres = await postgresUrlForTests();

describe(`GET /readyz when a dependency is down (docs/operations/high-availability.md, "Probes"; ${testDriversLabel()})`, () => {
  let service: TestService | undefined;
  afterEach(async () => {
    await service?.dispose();
    service = undefined;
  });

  test('REDIS_URL pointing at nothing: 200 degraded naming redis, the gauge at 0, and a customer is still answered', async () => {
    service = await startTestService({ REDIS_URL: `redis://127.0.0.1:${await deadPort()}` });
    const res = await fetch(`${service.url}/readyz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; failed: string[]; checks: Record<string, string> };
    expect(body.status).toBe('degraded');
    expect(body.failed).toEqual(['redis']);
    expect(body.checks.database).toBe('ok');
    expect(body.checks.redis).toMatch(/^error: /);
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    const metrics = await (await fetch(`${service.url}/metrics`, { headers: await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password) })).text();
    expect(sampleValue(metrics, METRIC_NAMES.dependencyUp, { dependency: 'redis' })).toBe(0);
    expect(sampleValue(metrics, METRIC_NAMES.dependencyUp, { dependency: 'database' })).toBe(1);
    expect((await sayOnWeb(service.url, 'default', 'hi')).replies.length).toBeGreaterThan(0);
  });

  (postgres ? test : test.skip)('503 naming the database when it stops answering', async () => {
    const scratch = await createScratchDatabase(postgres!);
    service = await startTestService({ DATABASE_URL: scratch.url });
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
    await scratch.drop(); // a real outage: the service's database is gone
    const body = await readyzUntil(service.url, 503);
    expect(body.status).toBe('unavailable');
    expect(body.failed).toEqual(['database']);
    expect(body.checks.database).toMatch(/^error: /);
  });
});
