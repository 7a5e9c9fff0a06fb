import { e164 } from '../assign-conversation.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import type { Actor } from '../commands/attendant-scope.js';

/**
 * The attendant whose profile phone (set in the console or imported from attendant.csv) is
 * `phone`, compared in E.164; undefined when no attendant has it, so the writer is a customer.
 * Only users who still hold the attendant, supervisor or admin role count.
 */
export async function attendantByPhone(repos: Pick<AttendanceRepositories, 'profiles' | 'users'>, phone: string | undefined): Promise<Actor | undefined> {
  const wanted = e164(phone);
  if (!wanted) return undefined;
  const profile = (await repos.profiles.list()).find((p) => e164(p.phone) === wanted);
  if (!profile) return undefined;
  const user = await repos.users.findById(profile.user_id);
  if (!user || !user.roles.some((r) => r === 'attendant' || r === 'supervisor' || r === 'admin')) return undefined;
  return { user_id: user.id, roles: user.roles as Actor['roles'] };
}
