import { z } from 'zod';
import { REPORT_PERIODS, ReportDefinitionSchema, SaveReportSchema, UpdateReportSchema } from '../../attendance/index.js';

/** The definition, the save and the change are attendance's own schemas (attendance/reports/). */
export { ReportDefinitionSchema, SaveReportSchema, UpdateReportSchema };

export const ReportParamsSchema = z.object({ id: z.uuid() });

const Unit = z.enum(['count', 'seconds', 'percent', 'score']);

export const ReportCatalogueSchema = z
  .object({
    sources: z.object({
      key: z.string(),
      measures: z.object({ key: z.string(), unit: Unit }).array(),
      group_by: z.string().array(),
      filters: z.string().array(),
    }).array(),
    periods: z.enum(REPORT_PERIODS).array(),
  })
  .meta({ id: 'AttendanceReportCatalogue' });

export const ReportAnswerSchema = z
  .object({
    columns: z.object({
      key: z.string(),
      kind: z.enum(['dimension', 'measure']),
      unit: Unit.optional(),
      labelled: z.boolean().optional().meta({ description: 'The rows carry the name in `<key>_label` beside the id in `<key>`' }),
    }).array(),
    rows: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).array(),
    truncated: z.boolean().meta({ description: 'More rows than the 1,000 answered' }),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    time_zone: z.string(),
    generated_at: z.iso.datetime(),
  })
  .meta({ id: 'AttendanceReportAnswer' });

export const SavedReportSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    owner_id: z.uuid().nullable(),
    definition: ReportDefinitionSchema,
    shared_roles: z.string().array(),
    shared_user_ids: z.uuid().array(),
    schedule: z.enum(['none', 'daily', 'weekly']),
    recipients: z.string().array(),
    last_sent_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    can_edit: z.boolean().meta({ description: 'The caller owns it or is an admin' }),
  })
  .meta({ id: 'AttendanceSavedReport' });

export const SavedReportListSchema = z.object({ reports: SavedReportSchema.array() }).meta({ id: 'AttendanceSavedReportList' });

export const ReportDeletedSchema = z.object({ ok: z.literal(true) }).meta({ id: 'AttendanceReportDeleted' });
