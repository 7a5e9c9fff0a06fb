import { ReportDefinitionSchema, toReportQuery } from './report-definition.js';

// A definition names only the catalogue's keys, on the source that has them; a period resolves to
// the instants the query binds (docs/attendance/reports.md, "The definition").

const issues = (input: unknown) => {
  const parsed = ReportDefinitionSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

test('defaults: conversations over the last 7 days in UTC, no group-by, a bar chart', () => {
  expect(ReportDefinitionSchema.parse({ measures: ['conversations'] })).toEqual({
    source: 'conversations', measures: ['conversations'], group_by: [], filters: {}, period: 'last_7_days', time_zone: 'UTC', chart: 'bar',
  });
});

test.each([
  [{ measures: [] }, /measures: Too small/],
  [{ measures: ['conversations', 'conversations'] }, /measures: a measure is named twice/],
  [{ measures: ['count(*); drop table users'] }, /measures.0: Invalid option/],
  [{ measures: ['tickets'] }, /measures.0: tickets is not a measure of conversations/],
  [{ source: 'tickets', measures: ['tickets'], group_by: ['queue'] }, /group_by.0: tickets cannot be grouped by queue/],
  [{ measures: ['conversations'], group_by: ['day', 'queue', 'channel'] }, /group_by: Too big/],
  [{ measures: ['conversations'], group_by: ['__proto__'] }, /group_by.0: Invalid option/],
  [{ measures: ['conversations'], filters: { statuses: ['open'] } }, /filters.statuses: conversations cannot be filtered by statuses/],
  [{ measures: ['conversations'], filters: { channels: ['fax'] } }, /filters.channels.0: Invalid option/],
  [{ measures: ['conversations'], filters: { queue_ids: ['front'] } }, /filters.queue_ids.0: Invalid UUID/],
  [{ measures: ['conversations'], filters: { sql: 'x' } }, /filters: Unrecognized key/],
  [{ measures: ['conversations'], period: 'custom' }, /from: period custom needs from and to/],
  [{ measures: ['conversations'], from: '2026-11-01T00:00:00Z' }, /period: from and to go with period custom/],
  [{ measures: ['conversations'], period: 'custom', from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, /from: from must be before to/],
  [{ measures: ['conversations'], period: 'custom', from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, /from: at most 366 days/],
  [{ measures: ['conversations'], time_zone: "UTC'; drop table users; --" }, /time_zone: not a known IANA time zone/],
  [{ measures: ['conversations'], time_zone: 'Mars/Olympus' }, /time_zone: not a known IANA time zone/],
])('%j is refused', (input, message) => {
  expect(issues(input).join('\n')).toMatch(message);
});

test('a valid definition of each source passes', () => {
  expect(issues({
    measures: ['conversations', 'avg_wait', 'avg_handle_time', 'avg_first_response', 'csat', 'abandoned'], group_by: ['queue', 'week'],
    filters: { channels: ['web'], tags: ['vip'], queue_ids: ['0b9a3f4e-4c3c-4b59-9a57-4d2f8f0f1a11'] }, period: 'last_month', time_zone: 'America/Sao_Paulo',
  })).toEqual([]);
  expect(issues({ source: 'tickets', measures: ['tickets', 'avg_ticket_resolution'], group_by: ['status'], filters: { priorities: ['urgent'] } })).toEqual([]);
});

test('toReportQuery resolves the period in the time zone and drops empty filters', () => {
  const definition = ReportDefinitionSchema.parse({ measures: ['conversations'], period: 'yesterday', time_zone: 'America/Sao_Paulo', filters: { tags: [], channels: ['sms'] } });
  const query = toReportQuery(definition, new Date('2026-11-28T02:00:00Z')); // 23:00 on the 27th in São Paulo (UTC−3)
  expect({ from: query.from.toISOString(), to: query.to.toISOString(), filters: query.filters })
    .toEqual({ from: '2026-11-26T03:00:00.000Z', to: '2026-11-27T03:00:00.000Z', filters: { channels: ['sms'] } });
});
