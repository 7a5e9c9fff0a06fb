import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { attendanceConversations } from '../../db/schema/index.js';
import { createLogger } from '../../infra/logger.js';
import { createChildServer } from '../support/child-server.js';
import { testDriversLabel } from '../support/drivers.js';
import { deleteRedisKeys, redisUrlForTests, uniquePrefix } from '../support/redis.js';
import { startTestService, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { waitForValue } from '../support/wait-for.js';

// Two deployments, each with its own database, on one Redis (docs/operations/high-availability.md,
// "Several deployments on one Redis"). Measured before the fix: 175–223 of 300 handoffs lost when both
// used the old default prefix: each one's workers took the other's engine.events jobs.

const redisUrl = redisUrlForTests();
if (!redisUrl) throw new Error('This suite needs Redis (REDIS_URL, or 127.0.0.1:6379); it may not be missing here or in CI');
const url: string = redisUrl;
const HANDOFFS = 12;

const services: TestService[] = [];
const prefixes: string[] = [];
afterAll(async () => {
  for (const service of services.splice(0)) await service.dispose();
  for (const prefix of prefixes) await deleteRedisKeys(url, prefix);
});

/** Starts a deployment on its own database (a PGlite folder, or a scratch PostgreSQL database in the driver pass). */
async function deployment(env: Record<string, string>, logger = createLogger({ pretty: false })): Promise<TestService> {
  const service = await startTestService({ REDIS_URL: url, ...env }, { logger });
  services.push(service);
  prefixes.push(service.deployment.redisPrefix);
  return service;
}

async function waitingSessions(service: TestService): Promise<string[]> {
  const rows = await service.database.db.select({ session_id: attendanceConversations.session_id }).from(attendanceConversations)
    .where(eq(attendanceConversations.status, 'waiting'));
  return rows.map((r) => r.session_id).sort();
}

describe(`several deployments on one Redis (${testDriversLabel()})`, () => {
  let a: TestService;
  let b: TestService;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const destination = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>); done(); } });
    // REDIS_PREFIX empty is unset: each takes the prefix derived from its own id.
    a = await deployment({ REDIS_PREFIX: '' }, createLogger({ level: 'warn', destination }));
    b = await deployment({ REDIS_PREFIX: '' });
  });

  test('with the default prefix both run, each on its own prefix, and every handoff of each reaches its own queue', async () => {
    expect(a.deployment.id).not.toBe(b.deployment.id);
    expect(a.deployment.redisPrefix).toBe(`switchboard:${a.deployment.id.slice(0, 8)}`);
    expect(b.deployment.redisPrefix).toBe(`switchboard:${b.deployment.id.slice(0, 8)}`);

    const handOff = (service: TestService) => sayOnWeb(service.url, 'default', 'Can I talk to a human, please?');
    const answers = await Promise.all([a, b].map((service) => Promise.all(Array.from({ length: HANDOFFS }, () => handOff(service)))));
    await Promise.all([a.eventsHandled(), b.eventsHandled()]);

    const [ofA, ofB] = answers.map((list) => list.map((x) => x.session_id).sort());
    expect(await waitingSessions(a)).toEqual(ofA);
    expect(await waitingSessions(b)).toEqual(ofB);
  });

  test('a job of another deployment in its queue is left untouched, neither run, completed nor failed, and logged', async () => {
    const other = randomUUID();
    const queue = new Queue('engine.events', { connection: { url }, prefix: a.deployment.redisPrefix });
    try {
      const payload = { session_id: randomUUID(), event_id: randomUUID() };
      const job = await queue.add('engine.events', { switchboard_deployment: other, payload });
      await waitForValue(() => queue.getJobState(job.id!), (state) => state === 'delayed', { what: 'the foreign job put back', timeoutMs: 20_000, intervalMs: 20 });
      const kept = (await queue.getJob(job.id!))!;
      expect(kept.data).toEqual({ switchboard_deployment: other, payload });
      expect(kept.attemptsMade).toBe(0);
      expect(kept.failedReason).toBeFalsy();
      expect(lines.filter((l) => l.level === 50 && String(l.msg).includes('a job of another deployment'))).toEqual([
        expect.objectContaining({ prefix: a.deployment.redisPrefix, deployment_id: a.deployment.id, job: expect.objectContaining({ deployment_id: other }) }),
      ]);
    } finally {
      await queue.close();
    }
  });

  test('a second deployment on a prefix a live one holds refuses to start: the process exits 1 before listening, naming the prefix, the holder and the fix', async () => {
    const prefix = uniquePrefix('sbtest-deploy');
    prefixes.push(prefix);
    const holder = await deployment({ REDIS_PREFIX: prefix });

    // In process: start-up rejects with the message, and never listens.
    await expect(startTestService({ REDIS_URL: url, REDIS_PREFIX: prefix })).rejects.toThrow(
      `Redis prefix "${prefix}" is held by another live deployment (${holder.deployment.id})`,
    );

    // The command: `switchboard start` exits 1 with the message on stderr.
    const child = await createChildServer({ botsDir: path.resolve('bots'), env: { REDIS_URL: url, REDIS_PREFIX: prefix, LOG_LEVEL: 'info' } });
    try {
      const failed = await child.start().then(() => undefined, (e: unknown) => String(e));
      expect(failed).toContain('the server exited (code 1) before it was ready');
      const output = child.output();
      expect(output).toContain(`Redis prefix "${prefix}" is held by another live deployment (${holder.deployment.id}); this one is `);
      expect(output).toContain('Fix: unset REDIS_PREFIX');
      expect(output).not.toContain('Switchboard listening');
    } finally {
      await child.dispose();
    }
  });
});
