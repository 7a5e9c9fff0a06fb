import { createServer, type Server } from 'node:net';
import { createScratchDatabase, postgresUrlForTests } from '../support/postgres.js';
import { startTestService, type TestService } from '../support/service.js';

/** A port where nothing answers: bound, then closed. */
async function deadPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const postgres = await postgresUrlForTests();

describe('GET /readyz when a dependency is down', () => {
  let service: TestService | undefined;
  afterEach(async () => {
    await service?.dispose();
    service = undefined;
  });

  test('503 naming redis when REDIS_URL points at nothing; /healthz still 200', async () => {
    service = await startTestService({ REDIS_URL: `redis://127.0.0.1:${await deadPort()}` });
    const res = await fetch(`${service.url}/readyz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; failed: string[]; checks: Record<string, string> };
    expect(body.status).toBe('unavailable');
    expect(body.failed).toEqual(['redis']);
    expect(body.checks.database).toBe('ok');
    expect(body.checks.redis).toMatch(/^error: /);
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  }, 90_000); // start-up waits out the Redis client's connect timeouts (10 s each) before it reports

  (postgres ? test : test.skip)('503 naming the database when it stops answering', async () => {
    const scratch = await createScratchDatabase(postgres!);
    service = await startTestService({ DATABASE_URL: scratch.url });
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
    await scratch.drop(); // a real outage: the service's database is gone
    const res = await fetch(`${service.url}/readyz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { failed: string[]; checks: Record<string, string> };
    expect(body.failed).toEqual(['database']);
    expect(body.checks.database).toMatch(/^error: /);
  });
});
