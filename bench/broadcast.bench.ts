import { sql } from 'drizzle-orm';
import { postgresUrlForTests } from '../test/support/postgres.js';
import { redisUrlForTests } from '../test/support/redis.js';
import { createLogger } from '../infra/logger.js';
import { bearerFor, startTestService, TEST_ADMIN } from '../test/support/service.js';

/**
 * `npm run bench -- broadcast`: one in_app broadcast to BENCH_RECIPIENTS users (default 100,000;
 * a comma list such as `10000,100000` runs each size, to see memory stay flat in the recipient
 * count) on the embedded drivers and on PostgreSQL + Redis (when reachable), through the real
 * HTTP API and the broadcast job. Prints in_app deliveries per second (from the POST to `sent`),
 * whether the 20,000/s target of PostgreSQL is met, and the process's peak RSS over its RSS before
 * the broadcast (docs/notifications.md, "Performance"). The service logs warnings only, so the
 * table is what the run prints. BENCH_DRIVERS=embedded (or postgresql+redis) measures one driver set.
 */
const ONLY = process.env.BENCH_DRIVERS;
const SIZES = (process.env.BENCH_RECIPIENTS ?? '100000').split(',').map((n) => Number(n.trim())).filter((n) => n > 0);
const TARGET_PER_SECOND = 20_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function runOnce(label: string, recipients: number): Promise<void> {
  const service = await startTestService({}, { logger: createLogger({ level: 'warn' }) });
  try {
    await service.database.db.execute(sql`
      insert into users (username, email, password_hash)
      select 'bench' || g, 'bench' || g || '@bench.test', 'x' from generate_series(1, ${recipients}) g`);
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => void (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const res = await fetch(`${service.url}/api/v1/notifications/broadcast`, {
      method: 'POST', headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'all', message: { title: 'Bench', body: 'One for everyone' } }),
    });
    const { broadcast_id, target_count } = (await res.json()) as { broadcast_id: string; target_count: number };
    for (;;) {
      const b = (await (await fetch(`${service.url}/api/v1/notifications/broadcast/${broadcast_id}`, { headers: admin })).json()) as { status: string };
      if (b.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rate = target_count / seconds;
    console.log(`| ${label} | ${target_count} | ${seconds.toFixed(2)} s | ${Math.round(rate)} /s | ${mb(peak)} (+${mb(peak - baseline)}) |${label.startsWith('postgres') ? ` target ≥ ${TARGET_PER_SECOND}/s: ${rate >= TARGET_PER_SECOND ? 'met' : 'not met'}` : ''}`);
  } finally {
    await service.dispose();
  }
}

export async function run(): Promise<void> {
  console.log('| drivers | recipients | time | in_app deliveries | peak RSS (over baseline) |');
  console.log('|---|---|---|---|---|');
  const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  try {
    if (ONLY !== 'postgresql+redis') for (const size of SIZES) await runOnce('embedded', size);
    const [pgUrl, redisUrl] = [await postgresUrlForTests(), redisUrlForTests()];
    if (ONLY === 'embedded') return;
    if (pgUrl && redisUrl) {
      process.env.DATABASE_URL = pgUrl;
      process.env.REDIS_URL = redisUrl;
      for (const size of SIZES) await runOnce('postgresql+redis', size);
    } else {
      console.log('| postgresql+redis | skipped: DATABASE_URL / REDIS_URL not reachable | | | |');
    }
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
