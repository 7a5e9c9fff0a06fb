/**
 * Who `/video invite @<customer>` ("invite to the active room") names
 * (docs/meetings.md, "In attendance"): `@customer` is the conversation's own customer; any other
 * name is matched, without case, against the customers of the conversations held by the same
 * attendant — their display name (docs/crm.md, "What attendants see"), their first name alone
 * when only one of them has it, the short id a nameless customer is shown by, their id on the
 * channel, email or phone — so the attendant can
 * bring a second customer they are serving into the call. Exactly one must match.
 */
import type { ConversationRow } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { customerNameOf } from '../customer-name.js';
import { shortId } from '../customer-view/display-name.js';
import { HELD_STATUSES } from './attendant-scope.js';

/** The invited customer's conversation, or why none could be chosen. */
export type InviteTarget = { sessionId: string; name: string } | { refusal: string };

/** A customer a name may point at. */
export interface NamedCustomer {
  session_id: string;
  name: string;
  /** Other exact keys: the short id, the channel's id, email, phone. */
  keys: readonly (string | null)[];
}

/**
 * The customers `wanted` names: those whose whole name or other key equals it (ignoring case and
 * spaces around); failing that, those whose first name does. `@Maria` finds "Maria Silva"
 * unless another held customer is also a Maria.
 */
export function matchCustomerName<T extends NamedCustomer>(customers: readonly T[], wanted: string): T[] {
  const key = (value: string | null) => value?.trim().toLowerCase().replace(/\s+/g, ' ');
  const target = key(wanted);
  if (!target) return [];
  const exact = customers.filter((c) => key(c.name) === target || c.keys.some((k) => key(k) === target));
  if (exact.length > 0) return exact;
  return customers.filter((c) => key(c.name)?.split(' ')[0] === target);
}

export async function inviteTarget(repos: AttendanceRepositories, row: ConversationRow, target: string): Promise<InviteTarget> {
  const held = row.assigned_to ? await repos.conversations.listItems({ assigned_to: row.assigned_to, statuses: HELD_STATUSES }) : [];
  if (target.toLowerCase() === 'customer') {
    const own = held.find((h) => h.session_id === row.session_id);
    return { sessionId: row.session_id, name: own ? customerNameOf(own) : 'the customer' };
  }
  const customers = held.map((h) => ({
    session_id: h.session_id, name: customerNameOf(h), keys: [shortId(h.session_id), h.external_user_id, h.contact_email, h.contact_phone],
  }));
  const matches = matchCustomerName(customers, target);
  const [only, ...others] = matches;
  if (!only) return { refusal: `No customer of the conversations you hold is called @${target}; use @customer for this conversation's customer.` };
  if (others.length > 0) {
    const names = matches.map((m) => `${m.name} (${m.session_id})`).join(', ');
    return { refusal: `@${target} matches ${matches.length} customers you hold: ${names}. Name one by their full name, email or phone.` };
  }
  return { sessionId: only.session_id, name: only.name };
}
