/**
 * The reads every notice needs, in one place: the conversation as the mail shows it, the people it
 * may go to. Only db/ repositories are used.
 */
import {
  type ConversationRow,
} from '../../db/index.js';
import { attendantAddress, customerAddress, type StaffUser } from './email-recipients.js';
import type { ConversationFacts } from './email-templates.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { customerDisplayName } from '../customer-view/display-name.js';
import { loadCustomer } from '../customer-view/load-customer.js';

/** The conversation for a notice, plus the customer's own address when one is known. */
export async function loadConversationFacts(
  repos: AttendanceRepositories,
  row: ConversationRow,
  now: Date,
): Promise<{ facts: ConversationFacts; customer_email?: string }> {
  const loaded = await loadCustomer(repos, row.session_id);
  const contact = loaded?.contact ?? undefined;
  const context = loaded?.session.context_data ?? {};
  const since = row.waiting_since?.getTime() ?? now.getTime();
  const email = customerAddress(contact?.email, context);
  return {
    facts: {
      session_id: row.session_id,
      channel: row.channel,
      customer_name: customerDisplayName({ contact, context_data: context, channel: row.channel, session_id: row.session_id }),
      last_message: row.last_message ?? '',
      waiting_seconds: Math.max(0, Math.round((now.getTime() - since) / 1000)),
    },
    ...(email ? { customer_email: email } : {}),
  };
}

/** An attendant's display name and address (profile email, else the account's); address undefined when neither is valid. */
export async function loadAttendant(repos: AttendanceRepositories, userId: string): Promise<{ name: string; address?: string } | undefined> {
  const user = await repos.users.findById(userId);
  if (!user) return undefined;
  const profile = await repos.profiles.get(userId);
  const name = (await repos.conversations.attendantName(userId)) ?? user.username;
  const address = attendantAddress(profile?.email, user.email);
  return { name, ...(address ? { address } : {}) };
}

/** Every user, as recipient choice needs them. */
export async function loadStaff(repos: AttendanceRepositories): Promise<StaffUser[]> {
  return (await repos.users.list()).map((u) => ({ email: u.email, roles: u.roles, is_admin: u.is_admin, is_active: u.is_active }));
}
