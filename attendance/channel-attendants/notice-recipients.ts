import type { AttendantProfileRow, ConversationRow } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { eligibleAttendants } from '../live/live-events.js';

/**
 * Who hears of a newly queued conversation on a channel destination (mobile_msg, workchat): the
 * online attendants who may take it (its queue's active members, else those of its channel), and
 * how the customer is named to them.
 */
export async function noticeRecipients(
  repos: Pick<AttendanceRepositories, 'profiles' | 'queues' | 'sessions'>,
  row: ConversationRow,
): Promise<{ profiles: AttendantProfileRow[]; customer: string }> {
  const profiles = await repos.profiles.list({ status: 'online' });
  const members = row.queue_id ? await repos.queues.listMembers(row.queue_id) : [];
  const eligible = new Set(eligibleAttendants(row, profiles, members));
  return { profiles: profiles.filter((p) => eligible.has(p.user_id)), customer: await customerName(repos, row) };
}

/** The customer of a conversation as attendants see them named: the channel's id of the customer. */
export async function customerName(repos: Pick<AttendanceRepositories, 'sessions'>, row: ConversationRow): Promise<string> {
  const session = await repos.sessions.findById(row.session_id);
  return session?.external_user_id ?? row.session_id;
}
