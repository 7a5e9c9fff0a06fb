/**
 * Runs a report definition (docs/attendance/reports.md): brings the facts up to the log, then asks
 * the repository's one statement. The answer says the instants its period resolved to.
 */
import type { AttendanceReportsRepo, ReportColumn } from '../../db/index.js';
import { REPORT_ROW_LIMIT, toReportQuery, type ReportDefinition } from './report-definition.js';
import { rollUpFacts } from './roll-up-facts.js';

export interface RunReportDeps {
  reports: AttendanceReportsRepo;
  now: () => Date;
}

/** A report's answer: its columns, its rows, and whether rows past {@link REPORT_ROW_LIMIT} were cut. */
export interface ReportAnswer {
  columns: ReportColumn[];
  rows: Record<string, string | number | null>[];
  truncated: boolean;
  from: string;
  to: string;
  time_zone: string;
  generated_at: string;
}

export async function runReport(deps: RunReportDeps, definition: ReportDefinition): Promise<ReportAnswer> {
  const now = deps.now();
  if (definition.source === 'conversations') await rollUpFacts(deps);
  const query = toReportQuery(definition, now);
  const { columns, rows } = await deps.reports.run(query);
  return {
    columns, rows: rows.slice(0, REPORT_ROW_LIMIT), truncated: rows.length > REPORT_ROW_LIMIT,
    from: query.from.toISOString(), to: query.to.toISOString(), time_zone: query.time_zone, generated_at: now.toISOString(),
  };
}
