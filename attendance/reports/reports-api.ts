/**
 * What the report routes call, as the caller (docs/attendance/reports.md): the catalogue the
 * console builds its form from, ad-hoc runs and exports, and saved reports.
 */
import {
  REPORT_DIMENSIONS, REPORT_FILTER_KEYS, REPORT_FILTERS, REPORT_MEASURE_KEYS, REPORT_MEASURES, REPORT_SOURCES, type AttendanceReportsRepo,
} from '../../db/index.js';
import type { Actor } from '../commands/attendant-scope.js';
import { reportCsv } from './report-csv.js';
import type { ReportDefinition } from './report-definition.js';
import { REPORT_PERIODS } from './report-period.js';
import { runReport, type ReportAnswer } from './run-report.js';
import {
  createReport, definitionOf, deleteReport, findReport, getReport, listReports, updateReport, type SaveReportInput, type UpdateReportInput,
} from './saved-reports.js';

export interface ReportsApiDeps {
  reports: AttendanceReportsRepo;
  now: () => Date;
}

/** Per source, the keys a definition may use there. */
export interface ReportCatalogue {
  sources: { key: string; measures: { key: string; unit: string }[]; group_by: string[]; filters: string[] }[];
  periods: readonly string[];
}

function catalogue(): ReportCatalogue {
  return {
    sources: REPORT_SOURCES.map((source) => ({
      key: source,
      measures: REPORT_MEASURE_KEYS.filter((k) => REPORT_MEASURES[k].source === source).map((k) => ({ key: k, unit: REPORT_MEASURES[k].unit })),
      group_by: Object.keys(REPORT_DIMENSIONS).filter((k) => REPORT_DIMENSIONS[k]![source]),
      filters: REPORT_FILTER_KEYS.filter((k) => REPORT_FILTERS[k][source]),
    })),
    periods: REPORT_PERIODS,
  };
}

/** A report's answer as a CSV download. */
export interface ReportFile { name: string; csv: string }

const fileName = (name: string, answer: ReportAnswer) =>
  `${name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'report'}-${answer.from.slice(0, 10)}.csv`;

export function createReportsApi(deps: ReportsApiDeps) {
  return {
    catalogue,
    run: (definition: ReportDefinition) => runReport(deps, definition),
    exportCsv: async (definition: ReportDefinition): Promise<ReportFile> => {
      const answer = await runReport(deps, definition);
      return { name: fileName('report', answer), csv: reportCsv(answer) };
    },
    list: (actor: Actor) => listReports(deps, actor),
    get: (actor: Actor, id: string) => getReport(deps, actor, id),
    create: (actor: Actor, input: SaveReportInput) => createReport(deps, actor, input),
    update: (actor: Actor, id: string, input: UpdateReportInput) => updateReport(deps, actor, id, input),
    remove: (actor: Actor, id: string) => deleteReport(deps, actor, id),
    runSaved: async (actor: Actor, id: string) => runReport(deps, definitionOf(await findReport(deps, actor, id))),
    exportSaved: async (actor: Actor, id: string): Promise<ReportFile> => {
      const row = await findReport(deps, actor, id);
      const answer = await runReport(deps, definitionOf(row));
      return { name: fileName(row.name, answer), csv: reportCsv(answer) };
    },
  };
}

export type ReportsApi = ReturnType<typeof createReportsApi>;
