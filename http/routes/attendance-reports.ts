import type { Response } from 'express';
import type { ReportFile, ReportsApi } from '../../attendance/index.js';
import { defineRoute } from '../route.js';
import {
  ReportAnswerSchema, ReportCatalogueSchema, ReportDefinitionSchema, ReportDeletedSchema, ReportParamsSchema, SavedReportListSchema, SavedReportSchema, SaveReportSchema,
  UpdateReportSchema,
} from '../schemas/attendance-reports.js';

const TAG = 'attendance';
/** Building and saving reports is the supervisors' (admins always pass). */
const BUILDERS = ['supervisor'] as const;
const CSV = { description: 'The answer as CSV (text/csv; a labelled group-by gives its name and `<key>_id`)' };

/** A report's CSV as a download. */
function sendFile(res: Response, file: ReportFile): void {
  res.status(200).type('text/csv; charset=utf-8').attachment(file.name);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.send(file.csv);
}

/**
 * Custom reports (docs/attendance/reports.md): supervisors build, run, export and save them; a saved
 * report is read, run and exported by whoever it is shared with, and changed by its owner.
 */
export function attendanceReportRoutes(reports: ReportsApi) {
  return [
    defineRoute({
      method: 'get', path: '/api/attendance/reports/catalogue', tag: TAG, access: BUILDERS,
      summary: 'The measures, group-bys, filters and periods a report definition may name, per source',
      response: { description: 'The catalogue', schema: ReportCatalogueSchema },
      handle: async () => reports.catalogue(),
    }),
    defineRoute({
      method: 'post', path: '/api/attendance/reports/run', tag: TAG, access: BUILDERS,
      summary: 'Run a report definition without saving it',
      body: ReportDefinitionSchema,
      response: { description: 'Columns and rows', schema: ReportAnswerSchema },
      handle: ({ body }) => reports.run(body),
    }),
    defineRoute({
      method: 'post', path: '/api/attendance/reports/export', tag: TAG, access: BUILDERS,
      summary: 'Run a report definition and download the answer as CSV',
      body: ReportDefinitionSchema,
      response: CSV,
      handle: async ({ body, res }) => sendFile(res, await reports.exportCsv(body)),
    }),
    defineRoute({
      method: 'get', path: '/api/attendance/reports', tag: TAG, access: 'authenticated',
      summary: 'The saved reports the caller owns or that are shared with them (all, for admins)',
      response: { description: 'Saved reports, last changed first', schema: SavedReportListSchema },
      handle: async ({ principal }) => ({ reports: await reports.list(principal) }),
    }),
    defineRoute({
      method: 'post', path: '/api/attendance/reports', tag: TAG, access: BUILDERS, status: 201,
      summary: 'Save a report, its sharing and its e-mail schedule',
      body: SaveReportSchema,
      response: { description: 'The saved report', schema: SavedReportSchema },
      handle: ({ body, principal }) => reports.create(principal, body),
    }),
    defineRoute({
      method: 'get', path: '/api/attendance/reports/:id', tag: TAG, access: 'authenticated', errors: [404],
      summary: 'A saved report the caller may see',
      params: ReportParamsSchema,
      response: { description: 'The saved report', schema: SavedReportSchema },
      handle: ({ params, principal }) => reports.get(principal, params.id),
    }),
    defineRoute({
      method: 'patch', path: '/api/attendance/reports/:id', tag: TAG, access: BUILDERS, errors: [403, 404],
      summary: 'Change a saved report (its owner or an admin)',
      params: ReportParamsSchema, body: UpdateReportSchema,
      response: { description: 'The saved report', schema: SavedReportSchema },
      handle: ({ params, body, principal }) => reports.update(principal, params.id, body),
    }),
    defineRoute({
      method: 'delete', path: '/api/attendance/reports/:id', tag: TAG, access: BUILDERS, errors: [403, 404],
      summary: 'Delete a saved report (its owner or an admin)',
      params: ReportParamsSchema,
      response: { description: 'Deleted', schema: ReportDeletedSchema },
      handle: async ({ params, principal }) => {
        await reports.remove(principal, params.id);
        return { ok: true as const };
      },
    }),
    defineRoute({
      method: 'get', path: '/api/attendance/reports/:id/result', tag: TAG, access: 'authenticated', errors: [404],
      summary: 'Run a saved report the caller may see',
      params: ReportParamsSchema,
      response: { description: 'Columns and rows', schema: ReportAnswerSchema },
      handle: ({ params, principal }) => reports.runSaved(principal, params.id),
    }),
    defineRoute({
      method: 'get', path: '/api/attendance/reports/:id/csv', tag: TAG, access: 'authenticated', errors: [404],
      summary: 'Run a saved report the caller may see and download the answer as CSV',
      params: ReportParamsSchema,
      response: CSV,
      handle: async ({ params, principal, res }) => sendFile(res, await reports.exportSaved(principal, params.id)),
    }),
  ];
}
