/**
 * Who `/video invite @<customer>` ("invite to the active room") names
 * (docs/meetings.md, "In attendance"): `@customer` is the conversation's own customer; any other
 * name is matched, without case, against the customers of the conversations held by the same
 * attendant — their name, their id on the channel, email or phone — so the attendant can bring a
 * second customer they are serving into the call. Exactly one must match.
 */
import type { ConversationRow } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { customerNameOf } from '../customer-name.js';
import { HELD_STATUSES } from './attendant-scope.js';

/** The invited customer's conversation, or why none could be chosen. */
export type InviteTarget = { sessionId: string; name: string } | { refusal: string };

export async function inviteTarget(repos: AttendanceRepositories, row: ConversationRow, target: string): Promise<InviteTarget> {
  const held = row.assigned_to ? await repos.conversations.listItems({ assigned_to: row.assigned_to, statuses: HELD_STATUSES }) : [];
  const wanted = target.toLowerCase();
  if (wanted === 'customer') {
    const own = held.find((h) => h.session_id === row.session_id);
    return { sessionId: row.session_id, name: own ? customerNameOf(own) : 'the customer' };
  }
  const matches = held.filter((h) => {
    const name = customerNameOf(h).toLowerCase();
    const keys = [name, name.split(/\s+/)[0], h.external_user_id, h.contact_email, h.contact_phone];
    return keys.some((k) => k?.toLowerCase() === wanted);
  });
  const [only, ...others] = matches;
  if (!only) return { refusal: `No customer of the conversations you hold is called @${target}; use @customer for this conversation's customer.` };
  if (others.length > 0) return { refusal: `${matches.length} customers you hold match @${target}; name one by their email or phone.` };
  return { sessionId: only.session_id, name: customerNameOf(only) };
}
