/**
 * What a supervisor builds (docs/attendance/reports.md, "The definition"): a source, measures,
 * group-bys, filters and a period. The keys are the catalogue's (db/report-query/catalogue.ts),
 * so a definition names nothing the query compiler does not know; the schema serves the routes,
 * the OpenAPI document, the stored reports and the e-mail job.
 */
import { z } from 'zod';
import {
  REPORT_DIMENSIONS, REPORT_FILTERS, REPORT_FILTER_KEYS, REPORT_MEASURE_KEYS, REPORT_MEASURES, REPORT_SOURCES, TICKET_PRIORITIES, TICKET_STATUSES,
  type ReportFilterKey, type ReportQuery,
} from '../../db/index.js';
import { CHANNELS } from '../../engine/index.js';
import { isTimeZone, REPORT_PERIODS, resolvePeriod } from './report-period.js';

/** The longest period one report may cover: a year and a day. */
export const MAX_REPORT_DAYS = 366;
/** Rows a report answers at most; a group-by with more values is cut there (`truncated`). */
export const REPORT_ROW_LIMIT = 1000;

const Ids = z.array(z.uuid()).max(100);
const Words = z.array(z.string().trim().min(1).max(100)).max(100);

/** Values narrowing the rows; each list matches any of its values, lists combine with AND. */
export const ReportFiltersSchema = z
  .object({
    bot_ids: Ids.optional(),
    queue_ids: Ids.optional(),
    attendant_ids: Ids.optional(),
    channels: z.array(z.enum(CHANNELS)).max(CHANNELS.length).optional(),
    tags: Words.optional(),
    campaign_ids: Words.optional(),
    statuses: z.array(z.enum(TICKET_STATUSES)).max(TICKET_STATUSES.length).optional().meta({ description: 'Tickets only' }),
    priorities: z.array(z.enum(TICKET_PRIORITIES)).max(TICKET_PRIORITIES.length).optional().meta({ description: 'Tickets only' }),
  })
  .strict()
  .meta({ id: 'AttendanceReportFilters' });

export const ReportDefinitionSchema = z
  .object({
    source: z.enum(REPORT_SOURCES).default('conversations').meta({ description: 'One row per attendance cycle, or one per ticket' }),
    measures: z.array(z.enum(REPORT_MEASURE_KEYS as [string, ...string[]])).min(1).max(12)
      .refine((m) => new Set(m).size === m.length, 'a measure is named twice'),
    group_by: z.array(z.enum(Object.keys(REPORT_DIMENSIONS) as [string, ...string[]])).max(2).default([])
      .refine((g) => new Set(g).size === g.length, 'a group-by is named twice'),
    filters: ReportFiltersSchema.default({}),
    period: z.enum(REPORT_PERIODS).default('last_7_days'),
    from: z.iso.datetime({ offset: true }).optional().meta({ description: 'With period custom: start, inclusive' }),
    to: z.iso.datetime({ offset: true }).optional().meta({ description: 'With period custom: end, exclusive' }),
    time_zone: z.string().max(64).default('UTC').refine(isTimeZone, 'not a known IANA time zone')
      .meta({ description: 'Days, weeks and named periods are this zone\'s' }),
    chart: z.enum(['bar', 'line', 'none']).default('bar').meta({ description: 'How the console draws it' }),
  })
  .strict()
  .superRefine((d, ctx) => {
    for (const [i, key] of d.measures.entries()) {
      const measure = REPORT_MEASURES[key as keyof typeof REPORT_MEASURES];
      if (measure.source !== d.source) ctx.addIssue({ code: 'custom', path: ['measures', i], message: `${key} is not a measure of ${d.source}` });
    }
    for (const [i, key] of d.group_by.entries()) {
      if (!REPORT_DIMENSIONS[key]![d.source]) ctx.addIssue({ code: 'custom', path: ['group_by', i], message: `${d.source} cannot be grouped by ${key}` });
    }
    for (const key of Object.keys(d.filters) as ReportFilterKey[]) {
      if (d.filters[key]?.length && !REPORT_FILTERS[key][d.source]) ctx.addIssue({ code: 'custom', path: ['filters', key], message: `${d.source} cannot be filtered by ${key}` });
    }
    if (d.period !== 'custom' && (d.from !== undefined || d.to !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'from and to go with period custom' });
    }
    if (d.period === 'custom' && (d.from === undefined || d.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'period custom needs from and to' });
    }
    if (d.from !== undefined && d.to !== undefined) {
      const span = Date.parse(d.to) - Date.parse(d.from);
      if (span <= 0) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to' });
      if (span > MAX_REPORT_DAYS * 24 * 3600_000) ctx.addIssue({ code: 'custom', path: ['from'], message: `at most ${MAX_REPORT_DAYS} days` });
    }
  })
  .meta({ id: 'AttendanceReportDefinition' });

/** A definition as validated, defaults filled in. */
export type ReportDefinition = z.output<typeof ReportDefinitionSchema>;

/** The definition, its period resolved at `now`, as the repository's query takes it. */
export function toReportQuery(definition: ReportDefinition, now: Date): ReportQuery {
  const { from, to } = resolvePeriod(definition.period, now, definition.time_zone, {
    ...(definition.from ? { from: new Date(definition.from) } : {}),
    ...(definition.to ? { to: new Date(definition.to) } : {}),
  });
  const filters = Object.fromEntries(REPORT_FILTER_KEYS.flatMap((key) => (definition.filters[key]?.length ? [[key, definition.filters[key]]] : [])));
  return {
    source: definition.source, measures: definition.measures as ReportQuery['measures'], group_by: definition.group_by, filters,
    from, to, time_zone: definition.time_zone, limit: REPORT_ROW_LIMIT + 1,
  };
}
