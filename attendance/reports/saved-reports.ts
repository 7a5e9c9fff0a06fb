/**
 * Saved reports (docs/attendance/reports.md, "Saving and sharing"): a supervisor saves a
 * definition under a name, shares it with users and roles, and may have it e-mailed daily or
 * weekly. Whoever it is shared with may read, run and export it; only its owner (or an admin)
 * changes or deletes it.
 */
import { z } from 'zod';
import type { AttendanceReportsRepo, ReportViewer, SavedReportRow } from '../../db/index.js';
import { REPORT_SCHEDULES } from '../../db/index.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../infra/errors.js';
import type { Actor } from '../commands/attendant-scope.js';
import { ReportDefinitionSchema, type ReportDefinition } from './report-definition.js';

/** Roles a report may be shared with; admins see every report anyway. */
export const SHAREABLE_ROLES = ['supervisor', 'attendant'] as const;

export const SaveReportSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    definition: ReportDefinitionSchema,
    shared_roles: z.array(z.enum(SHAREABLE_ROLES)).max(SHAREABLE_ROLES.length).default([])
      .meta({ description: 'Everyone holding one of these roles may read, run and export it' }),
    shared_user_ids: z.array(z.uuid()).max(200).default([]).meta({ description: 'These users may read, run and export it' }),
    schedule: z.enum(REPORT_SCHEDULES).default('none').meta({ description: 'E-mailed every day, or every Monday, at 06:00 UTC' }),
    recipients: z.array(z.email().max(254)).max(50).default([]).meta({ description: 'Addresses of the scheduled e-mail' }),
  })
  .strict()
  .meta({ id: 'AttendanceReportSave' });

/** A change: any field of {@link SaveReportSchema}, the rest kept. */
export const UpdateReportSchema = z
  .object({
    name: SaveReportSchema.shape.name.optional(),
    definition: ReportDefinitionSchema.optional(),
    shared_roles: z.array(z.enum(SHAREABLE_ROLES)).max(SHAREABLE_ROLES.length).optional(),
    shared_user_ids: z.array(z.uuid()).max(200).optional(),
    schedule: z.enum(REPORT_SCHEDULES).optional(),
    recipients: z.array(z.email().max(254)).max(50).optional(),
  })
  .strict()
  .meta({ id: 'AttendanceReportUpdate' });

export type SaveReportInput = z.output<typeof SaveReportSchema>;
export type UpdateReportInput = z.output<typeof UpdateReportSchema>;

/** A saved report as the API shows it, with whether the caller may change it. */
export interface SavedReport {
  id: string;
  name: string;
  owner_id: string | null;
  definition: ReportDefinition;
  shared_roles: string[];
  shared_user_ids: string[];
  schedule: SavedReportRow['schedule'];
  recipients: string[];
  last_sent_at: string | null;
  created_at: string;
  updated_at: string;
  can_edit: boolean;
}

export interface SavedReportsDeps {
  reports: Pick<AttendanceReportsRepo, 'create' | 'get' | 'list' | 'update' | 'remove'>;
}

export const viewerOf = (actor: Actor): ReportViewer => ({ user_id: actor.user_id, roles: actor.roles, is_admin: actor.roles.includes('admin') });
const mayEdit = (row: SavedReportRow, actor: Actor) => actor.roles.includes('admin') || row.owner_id === actor.user_id;

/** The stored definition, read back through the schema (a catalogue that dropped a key makes it invalid, not a crash). */
export function definitionOf(row: SavedReportRow): ReportDefinition {
  const parsed = ReportDefinitionSchema.safeParse(row.definition);
  if (parsed.success) return parsed.data;
  throw new ValidationError(`The saved report "${row.name}" no longer validates: ${parsed.error.issues.map((i) => i.message).join('; ')}`, [], 'invalid_report');
}

function shown(row: SavedReportRow, actor: Actor): SavedReport {
  return {
    id: row.id, name: row.name, owner_id: row.owner_id, definition: definitionOf(row), shared_roles: row.shared_roles, shared_user_ids: row.shared_user_ids,
    schedule: row.schedule, recipients: row.recipients, last_sent_at: row.last_sent_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(), can_edit: mayEdit(row, actor),
  };
}

function checkSchedule(schedule: string, recipients: readonly string[]): void {
  if (schedule !== 'none' && recipients.length === 0) {
    throw new ValidationError('A scheduled report needs at least one recipient', [{ path: 'body.recipients', message: 'at least one address' }]);
  }
}

/** The report when the actor may see it; 404 `report_not_found` otherwise (the same answer as for no report). */
export async function findReport(deps: SavedReportsDeps, actor: Actor, id: string): Promise<SavedReportRow> {
  const row = await deps.reports.get(id, viewerOf(actor));
  if (!row) throw new NotFoundError('Report not found', 'report_not_found');
  return row;
}

export async function createReport(deps: SavedReportsDeps, actor: Actor, input: SaveReportInput): Promise<SavedReport> {
  checkSchedule(input.schedule, input.recipients);
  const row = await deps.reports.create({ ...input, owner_id: actor.user_id, definition: input.definition as Record<string, unknown> });
  return shown(row, actor);
}

export async function listReports(deps: SavedReportsDeps, actor: Actor): Promise<SavedReport[]> {
  return (await deps.reports.list(viewerOf(actor))).map((row) => shown(row, actor));
}

export async function getReport(deps: SavedReportsDeps, actor: Actor, id: string): Promise<SavedReport> {
  return shown(await findReport(deps, actor, id), actor);
}

export async function updateReport(deps: SavedReportsDeps, actor: Actor, id: string, input: UpdateReportInput): Promise<SavedReport> {
  const row = await findReport(deps, actor, id);
  if (!mayEdit(row, actor)) throw new ForbiddenError('Only the report\'s owner or an admin may change it');
  checkSchedule(input.schedule ?? row.schedule, input.recipients ?? row.recipients);
  const { definition, ...rest } = input;
  const updated = await deps.reports.update(id, { ...rest, ...(definition ? { definition: definition as Record<string, unknown> } : {}) });
  if (!updated) throw new NotFoundError('Report not found', 'report_not_found');
  return shown(updated, actor);
}

export async function deleteReport(deps: SavedReportsDeps, actor: Actor, id: string): Promise<void> {
  const row = await findReport(deps, actor, id);
  if (!mayEdit(row, actor)) throw new ForbiddenError('Only the report\'s owner or an admin may delete it');
  await deps.reports.remove(id);
}
