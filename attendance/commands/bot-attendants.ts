/**
 * The attendants a bot's script sees (GET ATTENDANTS, docs/basic.md "Compatibility"): the
 * attendance's attendants (`GET /api/attendance/attendants`) with the names of the queues serving
 * the bot (its own and those of no bot) each one is an active member of.
 */
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { listAttendants, type AttendantSummary } from './list-attendants.js';

/** An attendant with the bot's queues they serve. */
export interface BotAttendant extends AttendantSummary {
  queues: string[];
}

/** Online first, then by name; only those in `status` when it is given. */
export async function listBotAttendants(deps: { repos: AttendanceRepositories }, botId: string, status?: string): Promise<BotAttendant[]> {
  const [attendants, all] = await Promise.all([listAttendants(deps), deps.repos.queues.list({ active: true })]);
  // A queue with no bot serves every bot.
  const queues = all.filter((queue) => queue.bot_id === null || queue.bot_id === botId);
  const members = await Promise.all(queues.map(async (queue) => ({ name: queue.name, users: new Set((await deps.repos.queues.listMembers(queue.id)).filter((m) => m.is_active).map((m) => m.user_id)) })));
  return attendants
    .filter((a) => status === undefined || a.status === status)
    .map((a) => ({ ...a, queues: members.filter((q) => q.users.has(a.id)).map((q) => q.name) }));
}
