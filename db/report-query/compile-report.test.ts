import { PgDialect } from 'drizzle-orm/pg-core';
import { DIMENSIONS, FILTER_KEYS, FILTERS, MEASURE_KEYS, MEASURES, REPORT_SOURCES } from './catalogue.js';
import { compileReport, ReportCompileError, type ReportQuery } from './compile-report.js';

// A definition becomes one statement whose text holds only catalogue fragments: every value the
// caller chose is a bound parameter (docs/attendance/reports.md, "How a report becomes a query").

const dialect = new PgDialect();
const base: ReportQuery = {
  source: 'conversations', measures: ['conversations'], group_by: [], filters: {},
  from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-08T00:00:00Z'), time_zone: 'UTC', limit: 1000,
};
const render = (report: Partial<ReportQuery>) => {
  const compiled = compileReport({ ...base, ...report });
  return { ...dialect.sqlToQuery(compiled.query), columns: compiled.columns };
};

test('measures, group-bys and filters become one select with the values bound', () => {
  const { sql, params, columns } = render({
    measures: ['conversations', 'avg_wait', 'csat'], group_by: ['queue', 'day'], time_zone: 'America/Sao_Paulo',
    filters: { channels: ['web', 'sms'], tags: ['vip'], queue_ids: ['0b9a3f4e-4c3c-4b59-9a57-4d2f8f0f1a11'] },
  });
  expect(sql).toBe([
    'select g."queue"::text as "queue", d_queue.name as "queue_label", to_char(g."day", \'YYYY-MM-DD\') as "day", g."conversations", g."avg_wait", g."csat"',
    'from (select f.queue_id as "queue", date_trunc(\'day\', f.started_at at time zone $1) as "day", count(*)::int as "conversations",',
    'round(avg(f.wait_seconds)::numeric, 2)::float8 as "avg_wait", round(avg(f.csat)::numeric, 2)::float8 as "csat"',
    'from attendance_report_facts f where f.started_at >= $2::timestamptz and f.started_at < $3::timestamptz',
    'and f.queue_id = any($4::uuid[]) and f.channel = any($5::text[]) and f.tags && $6::text[] group by 1, 2) g',
    'left join attendance_queues d_queue on d_queue.id = g."queue" order by 1, 2, 3 limit $7',
  ].join(' '));
  expect(params).toEqual(['America/Sao_Paulo', '2026-11-01T00:00:00.000Z', '2026-11-08T00:00:00.000Z', '{"0b9a3f4e-4c3c-4b59-9a57-4d2f8f0f1a11"}', '{"web","sms"}', '{"vip"}', 1000]);
  expect(columns).toEqual([
    { key: 'queue', kind: 'dimension', labelled: true }, { key: 'day', kind: 'dimension' },
    { key: 'conversations', kind: 'measure', unit: 'count' }, { key: 'avg_wait', kind: 'measure', unit: 'seconds' }, { key: 'csat', kind: 'measure', unit: 'score' },
  ]);
});

test('hostile values stay parameters: quotes, backslashes and SQL in a tag never reach the text', () => {
  const hostile = `vip"}', 'x'); drop table users; --\\`;
  const { sql, params } = render({ filters: { tags: [hostile], campaign_ids: ["c' or 1=1 --"] }, time_zone: "UTC'; drop table users; --" });
  expect(sql).not.toMatch(/drop table|or 1=1/);
  expect(params).toContain(`{"vip\\"}', 'x'); drop table users; --\\\\"}`);
  expect(params).toContain(`{"c' or 1=1 --"}`);
});

test('without a group-by the answer is one row and the statement has no GROUP BY', () => {
  const { sql } = render({ measures: ['resolution_rate', 'abandoned'] });
  expect(sql).not.toContain('group by');
  expect(sql).toContain('round(100.0 * count(*) filter (where f.resolved_at is not null) / nullif(count(*), 0), 2)::float8 as "resolution_rate"');
});

test('tickets read their own table; a tag group-by unnests the JSON array', () => {
  const { sql } = render({ source: 'tickets', measures: ['tickets', 'avg_ticket_resolution'], group_by: ['tag', 'status'], filters: { bot_ids: ['0b9a3f4e-4c3c-4b59-9a57-4d2f8f0f1a11'] } });
  expect(sql).toContain('from attendance_tickets f cross join lateral jsonb_array_elements_text');
  expect(sql).toContain('exists (select 1 from sessions s where s.id = f.session_id and s.bot_id = any(');
});

test('a key outside the catalogue, or outside its source, is refused', () => {
  const refused = (report: Partial<ReportQuery>) => expect(() => compileReport({ ...base, ...report } as ReportQuery)).toThrow(ReportCompileError);
  refused({ measures: ['tickets'] });
  refused({ measures: ['conversations; drop table users' as 'conversations'] });
  refused({ measures: ['toString' as 'conversations'] });
  refused({ measures: [] });
  refused({ group_by: ['status'] });
  refused({ group_by: ['constructor'] });
  refused({ source: 'tickets', measures: ['tickets'], group_by: ['queue'] });
  refused({ source: 'tickets', measures: ['tickets'], filters: { queue_ids: ['0b9a3f4e-4c3c-4b59-9a57-4d2f8f0f1a11'] } });
  refused({ source: 'users' as 'tickets' });
});

test('every catalogue entry compiles on each source it names', () => {
  for (const source of REPORT_SOURCES) {
    const measures = MEASURE_KEYS.filter((k) => MEASURES[k].source === source);
    expect(measures.length).toBeGreaterThan(0);
    for (const [key, onSource] of Object.entries(DIMENSIONS)) {
      if (onSource[source]) expect(() => compileReport({ ...base, source, measures, group_by: [key] })).not.toThrow();
    }
    for (const key of FILTER_KEYS) {
      if (FILTERS[key][source]) expect(() => compileReport({ ...base, source, measures, filters: { [key]: ['x'] } })).not.toThrow();
    }
  }
});
