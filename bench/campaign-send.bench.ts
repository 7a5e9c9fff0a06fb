import { sql } from 'drizzle-orm';
import { createLogger } from '../infra/logger.js';
import { createTestBots } from '../test/support/bot-packages.js';
import { startFakeGraph } from '../test/support/fake-graph.js';
import { postgresUrlForTests } from '../test/support/postgres.js';
import { redisUrlForTests } from '../test/support/redis.js';
import { bearerFor, startTestService, TEST_ADMIN } from '../test/support/service.js';

/**
 * `npm run bench -- campaign-send`: a proactive campaign over mobile_msg to BENCH_CONTACTS contacts
 * (default 10,000; a comma list runs each size) through the fake Graph server, on the embedded
 * drivers and on PostgreSQL + Redis (when reachable), from the start request to `completed`.
 * Prints template messages per second and the peak RSS over the RSS before the send
 * (docs/crm.md, "Proactive campaigns"). BENCH_DRIVERS=embedded (or postgresql+redis) measures one driver set.
 */
const ONLY = process.env.BENCH_DRIVERS;
const SIZES = (process.env.BENCH_CONTACTS ?? '10000').split(',').map((n) => Number(n.trim())).filter((n) => n > 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function runOnce(label: string, contacts: number): Promise<void> {
  const graph = await startFakeGraph();
  const bots = await createTestBots();
  await bots.add('promo', {
    'mobile-msg-phone-number-id': 'BENCH', 'mobile-msg-access-token': 'EAAG-bench', 'mobile-msg-app-secret': 'bench-secret',
    'mobile-msg-webhook-verify-token': 'verify', 'mobile-msg-api-url': graph.url, 'http-allow-private-networks': 'true',
  });
  const service = await startTestService({ BOTS_DIR: bots.dir }, { logger: createLogger({ level: 'warn' }) });
  try {
    const botId = service.bots.find((b) => b.name === 'promo')!.id;
    await service.database.db.execute(sql`
      insert into crm_contacts (bot_id, phone, tags)
      select ${botId}::uuid, '+5511' || lpad(g::text, 9, '0'), '{bench}' from generate_series(1, ${contacts}) g`);
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const call = async (method: string, path: string, body?: unknown) => (await fetch(`${service.url}${path}`, {
      method, headers: { ...admin, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}),
    })).json() as Promise<Record<string, unknown>>;
    const created = await call('POST', '/api/crm/campaigns', {
      bot: 'promo', name: 'Bench', segment: 'tag:bench', channel: 'mobile_msg', template: 'bench_offer', rate_per_minute: 100_000,
    });
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => void (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    await call('POST', `/api/crm/campaigns/${String(created.id)}/start`);
    let sent = 0;
    for (;;) {
      const c = (await call('GET', `/api/crm/campaigns/${String(created.id)}`)) as { status: string; progress: { sent: number } };
      sent = c.progress.sent;
      if (c.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(`| ${label} | ${contacts} | ${sent} | ${seconds.toFixed(2)} s | ${Math.round(sent / seconds)} /s | ${mb(peak)} (+${mb(peak - baseline)}) |`);
  } finally {
    await service.dispose();
    await bots.remove();
    await graph.close();
  }
}

export async function run(): Promise<void> {
  console.log('| drivers | contacts | sent | time | messages | peak RSS (over baseline) |');
  console.log('|---|---|---|---|---|---|');
  const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  try {
    if (ONLY !== 'postgresql+redis') for (const size of SIZES) await runOnce('embedded', size);
    if (ONLY === 'embedded') return;
    const [pgUrl, redisUrl] = [await postgresUrlForTests(), redisUrlForTests()];
    if (pgUrl && redisUrl) {
      process.env.DATABASE_URL = pgUrl;
      process.env.REDIS_URL = redisUrl;
      for (const size of SIZES) await runOnce('postgresql+redis', size);
    } else {
      console.log('| postgresql+redis | skipped: DATABASE_URL / REDIS_URL not reachable | | | | |');
    }
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
