/** Custom reports (docs/attendance/reports.md): definitions, their runs and exports, saved reports, schedules. */
export { createReportsApi, type ReportCatalogue, type ReportFile, type ReportsApi, type ReportsApiDeps } from './reports-api.js';
export { ReportDefinitionSchema, ReportFiltersSchema, MAX_REPORT_DAYS, REPORT_ROW_LIMIT, toReportQuery, type ReportDefinition } from './report-definition.js';
export { REPORT_PERIODS, resolvePeriod, type ReportPeriod } from './report-period.js';
export { SaveReportSchema, UpdateReportSchema, SHAREABLE_ROLES, type SavedReport, type SaveReportInput, type UpdateReportInput } from './saved-reports.js';
export { type ReportAnswer } from './run-report.js';
export { rollUpFacts } from './roll-up-facts.js';
export { factsOf } from './report-facts.js';
export { emailReport, enqueueDueReports, registerReportJobs, REPORT_JOBS, type ReportJobsDeps } from './email-reports.js';
