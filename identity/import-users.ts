import { parse } from 'csv-parse/sync';
import { TenantRoleSchema } from '../auth/index.js';
import { DomainError, ValidationError } from '../infra/errors.js';
import type { IdentityUserStore } from './identity-store.js';
import { upsertUser, type UpsertAction } from './upsert-user.js';
import { UserProfileSchema } from './user-profile.js';

/** The columns of a users CSV (docs/migration/identity.md, "CSV import"); only `email` is required. */
export const USER_CSV_COLUMNS = ['email', 'username', 'name', 'roles', 'phone', 'department', 'external_id', 'active'] as const;

/** One data row with its line in the file, for the error report. */
export interface UserCsvRow {
  line: number;
  values: Record<string, string>;
}

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: { line: number; email: string; error: string }[];
}

/** Reads the file: a header line naming known columns (any case and order), then one user a line. */
export function parseUsersCsv(text: string): UserCsvRow[] {
  const records = parse(text, { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, trim: true, skip_empty_lines: true, info: true, relax_column_count: true }) as
    { record: Record<string, string>; info: { lines: number } }[];
  const header = records[0] ? Object.keys(records[0].record) : [];
  const unknown = header.filter((c) => !(USER_CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length) throw new ValidationError(`Unknown column(s) ${unknown.join(', ')}; known: ${USER_CSV_COLUMNS.join(', ')}`);
  if (records.length && !header.includes('email')) throw new ValidationError('The email column is required');
  return records.map((r) => ({ line: r.info.lines, values: r.record }));
}

const ACTIVE: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false };

/** One row as a profile: username defaults to the email, roles are separated by `;`, `|` or spaces. */
function profileOf(values: Record<string, string>) {
  const text = (key: string) => (values[key] ? values[key] : undefined);
  const roles = text('roles')?.split(/[;|\s]+/).filter(Boolean).map((r) => r.toLowerCase());
  const badRole = roles?.find((r) => !TenantRoleSchema.safeParse(r).success);
  if (badRole) throw new ValidationError(`Unknown role "${badRole}" (known: ${TenantRoleSchema.options.join(', ')})`);
  const active = text('active')?.toLowerCase();
  if (active !== undefined && !(active in ACTIVE)) throw new ValidationError(`active must be true or false, not "${active}"`);
  const parsed = UserProfileSchema.safeParse({
    email: text('email'), username: text('username') ?? text('email'),
    ...(text('name') !== undefined ? { display_name: text('name') } : {}),
    ...(text('phone') !== undefined ? { phone: text('phone') } : {}),
    ...(text('department') !== undefined ? { department: text('department') } : {}),
    ...(text('external_id') !== undefined ? { external_id: text('external_id') } : {}),
    ...(roles ? { roles } : {}),
    ...(active !== undefined ? { active: ACTIVE[active] } : {}),
  });
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`).join('; '));
  return parsed.data;
}

/**
 * `switchboard import users <file.csv>`: every row created or brought up to date (re-running the
 * same file changes nothing, never duplicates). A bad row is reported with its line and the
 * import goes on; `onRow` ticks a progress bar.
 */
export async function importUsers(
  deps: { users: Pick<IdentityUserStore, 'findByExternalId' | 'findByEmail' | 'findByLogin' | 'insert' | 'update'> },
  rows: UserCsvRow[],
  onRow: (done: number) => void = () => undefined,
): Promise<ImportReport> {
  const report: ImportReport = { total: rows.length, created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] };
  for (const [index, row] of rows.entries()) {
    try {
      const { action } = await upsertUser(deps, profileOf(row.values), 'csv');
      report[action satisfies UpsertAction] += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      report.failed += 1;
      report.errors.push({ line: row.line, email: row.values.email ?? '', error: error.message });
    }
    onRow(index + 1);
  }
  return report;
}
