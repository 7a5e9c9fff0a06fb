import { sql } from 'drizzle-orm';
import { ReportDefinitionSchema, toReportQuery } from '../attendance/index.js';
import { createAttendanceReportsRepo } from '../db/index.js';
import { openTestDatabase, testDriversLabel } from '../test/support/drivers.js';

/**
 * `npm run bench -- reports`: custom reports over BENCH_REPORT_ROWS generated attendance cycles
 * (default 1,000,000) on the database this run points at (PostgreSQL with DATABASE_URL, else the
 * embedded one). The facts are generated in the database with generate_series (a year of cycles
 * over 8 queues, 40 attendants, 4 channels, tags and campaigns), then each report runs
 * BENCH_REPORT_RUNS times (default 3) through the repository's one statement. The target, on
 * PostgreSQL: every report within 2 s (docs/attendance/reports.md, "Speed").
 */
const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 3);
const TARGET_MS = 2000;
const NOW = new Date('2026-11-28T12:00:00Z');
const YEAR = { period: 'custom', from: '2025-11-28T12:00:00Z', to: '2026-11-28T12:00:00Z' };

const REPORTS: [string, unknown][] = [
  ['year, 6 measures by queue', { measures: ['conversations', 'avg_wait', 'avg_handle_time', 'avg_first_response', 'csat', 'abandonment_rate'], group_by: ['queue'], ...YEAR }],
  ['year, by attendant and week', { measures: ['conversations', 'avg_handle_time', 'csat'], group_by: ['attendant', 'week'], ...YEAR }],
  ['year, by tag (unnest)', { measures: ['conversations', 'avg_wait', 'transferred'], group_by: ['tag'], ...YEAR }],
  ['year, by campaign, web only', { measures: ['conversations', 'resolution_rate'], group_by: ['campaign'], filters: { channels: ['web'] }, ...YEAR }],
  ['30 days by day (São Paulo), one queue', { measures: ['conversations', 'avg_wait', 'abandoned'], group_by: ['day'], time_zone: 'America/Sao_Paulo', period: 'last_30_days' }],
  ['year, totals, tag filter', { measures: ['conversations', 'csat', 'calls', 'avg_talk_time'], filters: { tags: ['vip'] }, ...YEAR }],
];

export async function run(): Promise<void> {
  const database = await openTestDatabase();
  try {
    const { db } = database;
    const generated = performance.now();
    // Everything in the database: the rows never pass through this process.
    await db.execute(sql`insert into bots (name) values ('bench-reports') on conflict do nothing`);
    await db.execute(sql`
      insert into attendance_queues (bot_id, name) select b.id, 'queue ' || q from bots b, generate_series(1, 8) q where b.name = 'bench-reports'`);
    await db.execute(sql`
      insert into users (username, email, display_name, roles)
      select 'bench-att-' || a, 'bench-att-' || a || '@example.test', 'Attendant ' || a, '{attendant}' from generate_series(1, 40) a`);
    await db.execute(sql`
      with b as (select id from bots where name = 'bench-reports'),
      q as (select array_agg(id order by name) ids from attendance_queues where bot_id = (select id from b)),
      u as (select array_agg(id order by username) ids from users where username like 'bench-att-%')
      insert into attendance_report_facts (session_id, started_at, bot_id, channel, queue_id, attendant_id, campaign_id, tags, accepted_at, resolved_at,
        wait_seconds, handle_seconds, first_response_seconds, csat, transferred, abandoned, is_call, talk_seconds)
      select gen_random_uuid(), ${NOW.toISOString()}::timestamptz - (i * (365 * 86400.0 / ${ROWS})) * interval '1 second', (select id from b),
        (array['web','mobile_msg','sms','rtc_sip'])[1 + i % 4], (select ids from q)[1 + i % 8], (select ids from u)[1 + i % 40],
        case when i % 5 = 0 then 'campaign-' || (i % 7) end,
        case i % 4 when 0 then '{vip}'::text[] when 1 then '{vip,b2b}'::text[] when 2 then '{}'::text[] else '{churn-risk}'::text[] end,
        null, null, 5 + i % 300, 60 + i % 900, 2 + i % 60, case when i % 3 = 0 then i % 11 end, i % 9 = 0, i % 13 = 0, i % 4 = 3,
        case when i % 4 = 3 then 30 + i % 600 end
      from generate_series(1, ${ROWS}) i`);
    await db.execute(sql`analyze attendance_report_facts`);
    console.log(`${ROWS} cycles generated in ${((performance.now() - generated) / 1000).toFixed(1)} s (${testDriversLabel()})\n`);

    const repo = createAttendanceReportsRepo(db);
    console.log(`| drivers | report | rows out | runs | best | worst | within ${TARGET_MS} ms |`);
    console.log('|---|---|---|---|---|---|---|');
    for (const [label, definition] of REPORTS) {
      const query = toReportQuery(ReportDefinitionSchema.parse(definition), NOW);
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        rows = (await repo.run(query)).rows.length;
        times.push(performance.now() - started);
      }
      const worst = Math.max(...times);
      console.log(`| ${testDriversLabel()} | ${label} | ${rows} | ${RUNS} | ${Math.min(...times).toFixed(0)} ms | ${worst.toFixed(0)} ms | ${worst <= TARGET_MS ? 'yes' : 'NO'} |`);
    }
  } finally {
    await database.close();
  }
}
