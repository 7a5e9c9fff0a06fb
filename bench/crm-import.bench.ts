import { Readable } from 'node:stream';
import { createCrmApi } from '../crm/index.js';
import { createBotsRepo, createCrmRepo } from '../db/index.js';
import { openTestDatabase, testDriversLabel } from '../test/support/drivers.js';

/**
 * `npm run bench -- crm-import`: imports BENCH_CRM_ROWS generated contacts (default 10000,50000)
 * into a bot's CRM through the import use case on the database this run points at (embedded, or
 * PostgreSQL with DATABASE_URL), then imports the same file again (every row an update). Prints
 * rows per second and the process's peak RSS and heap over their values before the import: the
 * CSV is streamed and written in batches, so memory should stay flat in the row count
 * (docs/crm.md, "Import and export").
 */
const SIZES = (process.env.BENCH_CRM_ROWS ?? '10000,50000').split(',').map((n) => Number(n.trim())).filter((n) => n > 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The file as a stream of lines, never held whole. */
function generated(rows: number, ltv: number): Readable {
  return Readable.from((function* () {
    yield 'name,phone,email,tier,tags,ltv\n';
    for (let i = 0; i < rows; i++) {
      yield `Person ${i} Bench,+55 11 9${String(10_000_000 + i).padStart(8, '0')},p${i}@bench.test,${['premium', 'gold', 'standard'][i % 3]},t${i % 10},${ltv + i}\n`;
    }
  })());
}

async function measure(label: string, rows: number, work: () => Promise<{ created: number; updated: number }>): Promise<void> {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  const report = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  global.gc?.();
  const after = process.memoryUsage();
  console.log(`| ${testDriversLabel()} | ${label} | ${rows} | ${report.created} | ${report.updated} | ${seconds.toFixed(2)} s | ${Math.round(rows / seconds)} /s `
    + `| ${mb(peakRss)} (+${mb(peakRss - before.rss)}) | ${mb(before.heapUsed)} → peak ${mb(peakHeap)} → ${mb(after.heapUsed)} |`);
}

export async function run(): Promise<void> {
  console.log('| drivers | pass | rows | created | updated | time | rows/s | peak RSS (over before) | heap before → peak → after |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const rows of SIZES) {
    const database = await openTestDatabase();
    try {
      const bot = await createBotsRepo(database.db).ensure(`bench-${rows}`);
      const crm = createCrmApi({
        stores: createCrmRepo(database.db),
        bots: { all: [{ id: bot.id, name: 'bench', config: { 'crm-enabled': true } }], find: () => undefined },
      });
      await measure('import', rows, () => crm.contacts.import({ source: generated(rows, 0) }));
      await measure('re-import', rows, () => crm.contacts.import({ source: generated(rows, 1000) }));
    } finally {
      await database.close();
    }
  }
}
