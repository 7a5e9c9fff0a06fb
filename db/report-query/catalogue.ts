/**
 * What a custom report may ask for (docs/attendance/reports.md): its sources, measures, group-bys
 * and filters, each a constant SQL fragment. A report names entries of these tables by key and
 * nothing else reaches the query's text; values travel as bound parameters. Adding a measure
 * (an SLA attainment, say) is one more entry in {@link MEASURES}.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The data a report reads: one row per attendance cycle, or one per ticket. */
export const REPORT_SOURCES = ['conversations', 'tickets'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** How a measure's number reads: the console and the CSV label it so. */
export type MeasureUnit = 'count' | 'seconds' | 'percent' | 'score';

/** One measure: an aggregate over its source's rows (alias `f`), answered as a number or null. */
export interface MeasureSpec {
  source: ReportSource;
  unit: MeasureUnit;
  /** The aggregate; whole counts come back as integers, the rest rounded to 0.01. */
  expression: SQL;
}

const count = (condition?: SQL): SQL => (condition ? sql`(count(*) filter (where ${condition}))::int` : sql`count(*)::int`);
const mean = (column: SQL): SQL => sql`round(avg(${column})::numeric, 2)::float8`;
const percent = (condition: SQL): SQL => sql`round(100.0 * count(*) filter (where ${condition}) / nullif(count(*), 0), 2)::float8`;

/** Every measure, by key. */
export const MEASURES = {
  conversations: { source: 'conversations', unit: 'count', expression: count() },
  resolved: { source: 'conversations', unit: 'count', expression: count(sql`f.resolved_at is not null`) },
  resolution_rate: { source: 'conversations', unit: 'percent', expression: percent(sql`f.resolved_at is not null`) },
  avg_wait: { source: 'conversations', unit: 'seconds', expression: mean(sql`f.wait_seconds`) },
  max_wait: { source: 'conversations', unit: 'seconds', expression: sql`round(max(f.wait_seconds)::numeric, 2)::float8` },
  avg_handle_time: { source: 'conversations', unit: 'seconds', expression: mean(sql`f.handle_seconds`) },
  avg_first_response: { source: 'conversations', unit: 'seconds', expression: mean(sql`f.first_response_seconds`) },
  csat: { source: 'conversations', unit: 'score', expression: mean(sql`f.csat`) },
  surveys: { source: 'conversations', unit: 'count', expression: count(sql`f.csat is not null`) },
  abandoned: { source: 'conversations', unit: 'count', expression: count(sql`f.abandoned`) },
  abandonment_rate: { source: 'conversations', unit: 'percent', expression: percent(sql`f.abandoned`) },
  transferred: { source: 'conversations', unit: 'count', expression: count(sql`f.transferred`) },
  calls: { source: 'conversations', unit: 'count', expression: count(sql`f.is_call`) },
  avg_talk_time: { source: 'conversations', unit: 'seconds', expression: mean(sql`f.talk_seconds`) },
  tickets: { source: 'tickets', unit: 'count', expression: count() },
  tickets_resolved: { source: 'tickets', unit: 'count', expression: count(sql`f.resolved_at is not null`) },
  avg_ticket_resolution: { source: 'tickets', unit: 'seconds', expression: mean(sql`extract(epoch from f.resolved_at - f.created_at)`) },
} as const satisfies Record<string, MeasureSpec>;
export type MeasureKey = keyof typeof MEASURES;
export const MEASURE_KEYS = Object.keys(MEASURES) as MeasureKey[];

/**
 * How one source groups by a dimension. The report aggregates in an inner query, grouped by
 * `value` over the source's rows (alias `f`, `join` beside it); the outer query turns each group's
 * value (`g`, the inner column) into what is shown (`shown`) and looks up its readable name
 * (`label`), once per group rather than once per row.
 */
export interface DimensionOnSource {
  value: SQL;
  join?: SQL;
  shown?: (g: SQL) => SQL;
  label?: (g: SQL) => { name: SQL; join: SQL };
}

/** A bucket of time: grouped on the truncated local time, shown as its first day in the report's time zone (`tz` bound). */
const bucket = (unit: 'day' | 'week', time: SQL) => (tz: string): DimensionOnSource => ({
  value: sql`date_trunc(${sql.raw(`'${unit}'`)}, ${time} at time zone ${tz})`,
  shown: (g) => sql`to_char(${g}, 'YYYY-MM-DD')`,
});

const userName = (g: SQL) => ({
  name: sql`coalesce(nullif(d_user.display_name, ''), d_user.username)`, join: sql`left join users d_user on d_user.id = ${g}`,
});

/** Every group-by, per source; a source that lacks one cannot group by it. */
export const DIMENSIONS: Record<string, Partial<Record<ReportSource, (tz: string) => DimensionOnSource>>> = {
  bot: {
    conversations: () => ({ value: sql`f.bot_id`, label: (g) => ({ name: sql`d_bot.name`, join: sql`left join bots d_bot on d_bot.id = ${g}` }) }),
  },
  queue: {
    conversations: () => ({
      value: sql`f.queue_id`, label: (g) => ({ name: sql`d_queue.name`, join: sql`left join attendance_queues d_queue on d_queue.id = ${g}` }),
    }),
  },
  attendant: {
    conversations: () => ({ value: sql`f.attendant_id`, label: userName }),
    tickets: () => ({ value: sql`f.assigned_to`, label: userName }),
  },
  channel: {
    conversations: () => ({ value: sql`f.channel` }),
    tickets: () => ({ value: sql`f.channel::text` }),
  },
  // A row with several tags counts under each of them; one without tags is not in any tag's row.
  tag: {
    conversations: () => ({ value: sql`d_tag.tag`, join: sql`cross join lateral unnest(f.tags) as d_tag(tag)` }),
    tickets: () => ({ value: sql`d_tag.tag`, join: sql`cross join lateral jsonb_array_elements_text(coalesce(f.tags, '[]'::jsonb)) as d_tag(tag)` }),
  },
  campaign: {
    conversations: () => ({
      value: sql`f.campaign_id`, label: (g) => ({ name: sql`d_campaign.name`, join: sql`left join crm_campaigns d_campaign on d_campaign.id::text = ${g}` }),
    }),
  },
  day: { conversations: bucket('day', sql`f.started_at`), tickets: bucket('day', sql`f.created_at`) },
  week: { conversations: bucket('week', sql`f.started_at`), tickets: bucket('week', sql`f.created_at`) },
  status: { tickets: () => ({ value: sql`f.status::text` }) },
  priority: { tickets: () => ({ value: sql`f.priority::text` }) },
  category: { tickets: () => ({ value: sql`f.category::text` }) },
};
export const DIMENSION_KEYS = Object.keys(DIMENSIONS);

/** The filters of a definition, each an optional list of values (any of them matches). */
export interface ReportFilterValues {
  bot_ids?: readonly string[];
  queue_ids?: readonly string[];
  attendant_ids?: readonly string[];
  channels?: readonly string[];
  tags?: readonly string[];
  campaign_ids?: readonly string[];
  statuses?: readonly string[];
  priorities?: readonly string[];
}
export type FilterKey = keyof ReportFilterValues;

const anyOf = (column: SQL, values: readonly string[], type: 'uuid' | 'text') => sql`${column} = any(${arrayLiteral(values)}::${sql.raw(type)}[])`;

/** Every filter, per source: the condition its values make. */
export const FILTERS: Record<FilterKey, Partial<Record<ReportSource, (values: readonly string[]) => SQL>>> = {
  bot_ids: {
    conversations: (v) => anyOf(sql`f.bot_id`, v, 'uuid'),
    tickets: (v) => sql`exists (select 1 from sessions s where s.id = f.session_id and ${anyOf(sql`s.bot_id`, v, 'uuid')})`,
  },
  queue_ids: { conversations: (v) => anyOf(sql`f.queue_id`, v, 'uuid') },
  attendant_ids: { conversations: (v) => anyOf(sql`f.attendant_id`, v, 'uuid'), tickets: (v) => anyOf(sql`f.assigned_to`, v, 'uuid') },
  channels: { conversations: (v) => anyOf(sql`f.channel`, v, 'text'), tickets: (v) => anyOf(sql`f.channel`, v, 'text') },
  tags: {
    conversations: (v) => sql`f.tags && ${anyArray(v)}`,
    tickets: (v) => sql`jsonb_exists_any(coalesce(f.tags, '[]'::jsonb), ${anyArray(v)})`,
  },
  campaign_ids: { conversations: (v) => anyOf(sql`f.campaign_id`, v, 'text') },
  statuses: { tickets: (v) => anyOf(sql`f.status`, v, 'text') },
  priorities: { tickets: (v) => anyOf(sql`f.priority`, v, 'text') },
};
export const FILTER_KEYS = Object.keys(FILTERS) as FilterKey[];

/**
 * A list as one bound parameter in PostgreSQL's array literal form (both drivers take it the same
 * way, where a JavaScript array would become one parameter per element).
 */
const arrayLiteral = (values: readonly string[]): string => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
const anyArray = (values: readonly string[]): SQL => sql`${arrayLiteral(values)}::text[]`;

/** Each source's table (alias `f`) and the time its date range and day/week buckets read. */
export const SOURCES: Record<ReportSource, { from: SQL; time: SQL }> = {
  conversations: { from: sql`attendance_report_facts f`, time: sql`f.started_at` },
  tickets: { from: sql`attendance_tickets f`, time: sql`f.created_at` },
};
