import type { AttendantProfileRow, ConversationRow } from '../../db/index.js';
import type { KnownFacts } from '../attendance-listener.js';
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
  known: KnownFacts = {},
): Promise<{ profiles: AttendantProfileRow[]; customer: string }> {
  const queueId = row.queue_id;
  // Independent reads, at once; what the change already read is not read again (attendance-listener.ts, KnownFacts).
  const [profiles, members, customer] = await Promise.all([
    known.online ?? repos.profiles.list({ status: 'online' }),
    !queueId ? [] : known.memberships ? known.memberships.filter((m) => m.queue_id === queueId) : repos.queues.listMembers(queueId),
    known.session ? known.session.external_user_id : customerName(repos, row),
  ]);
  const eligible = new Set(eligibleAttendants(row, profiles, members));
  return { profiles: profiles.filter((p) => eligible.has(p.user_id)), customer };
}

/** The customer of a conversation as attendants see them named: the channel's id of the customer. */
export async function customerName(repos: Pick<AttendanceRepositories, 'sessions'>, row: ConversationRow): Promise<string> {
  const session = await repos.sessions.findById(row.session_id);
  return session?.external_user_id ?? row.session_id;
}
