/**
 * The attendants and their presence (`GET /api/attendance/attendants`): every active
 * user with the attendant or supervisor role or an attendant profile, with the profile's routing
 * fields and how many conversations they hold now.
 */
import type { AttendantStatus } from '../assignment/capacity.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** One attendant as the API shows it. */
export interface AttendantSummary {
  id: string;
  name: string;
  username: string;
  channel: string;
  preferences: string | null;
  department: string | null;
  status: AttendantStatus;
  active_conversations: number;
}

/** Lists attendants, online first, then by name. A user without a profile is `offline` on channel `all`. */
export async function listAttendants(deps: { repos: AttendanceRepositories }): Promise<AttendantSummary[]> {
  const [users, profiles, held] = await Promise.all([
    deps.repos.users.list(),
    deps.repos.profiles.list(),
    deps.repos.conversations.heldCounts(),
  ]);
  const byUser = new Map(profiles.map((p) => [p.user_id, p]));
  return users
    .filter((u) => u.is_active && (byUser.has(u.id) || u.roles.includes('attendant') || u.roles.includes('supervisor')))
    .map((u) => {
      const p = byUser.get(u.id);
      return {
        id: u.id, name: p?.name ?? u.username, username: u.username, channel: p?.channel ?? 'all',
        preferences: p?.preferences ?? null, department: p?.department ?? null, status: p?.status ?? 'offline',
        active_conversations: held.get(u.id) ?? 0,
      };
    })
    .sort((a, b) => Number(b.status === 'online') - Number(a.status === 'online') || a.name.localeCompare(b.name));
}
