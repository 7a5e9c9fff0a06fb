/**
 * A legacy `attendant.csv` becomes attendant profiles when its bot package loads.
 * Attendants are users now, so each row is matched to an existing user — username equal to the
 * row's id, else the same email — and its routing fields (name, channel, topic preference,
 * department, aliases, phone, email) are written onto that user's profile. Presence is left alone.
 * Rows with no such user are reported, not turned into accounts: creating logins from a file
 * nobody reviewed would be a surprise, and the operator creates the user first.
 */
import type { AttendantCsvRow } from './attendant-csv.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

export interface ImportAttendantsResult {
  /** Rows written onto a profile, with the user they belong to. */
  imported: { id: string; user_id: string }[];
  /** Ids of rows for which no user exists. */
  unmatched: string[];
}

/** Upserts one profile per matched row; re-importing the same file changes nothing. */
export async function importAttendants(deps: { repos: AttendanceRepositories }, rows: readonly AttendantCsvRow[]): Promise<ImportAttendantsResult> {
  const users = deps.repos.users;
  const profiles = deps.repos.profiles;
  const result: ImportAttendantsResult = { imported: [], unmatched: [] };
  for (const row of rows) {
    const user = await users.findByUsernameOrEmail(row.id, row.email?.toLowerCase() ?? '');
    if (!user) {
      result.unmatched.push(row.id);
      continue;
    }
    await profiles.upsert(user.id, {
      name: row.name, channel: row.channel, preferences: row.preferences, department: row.department,
      aliases: row.aliases, phone: row.phone, email: row.email,
    });
    result.imported.push({ id: row.id, user_id: user.id });
  }
  return result;
}
