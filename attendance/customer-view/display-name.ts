/**
 * The one rule for how attendants see a customer named (docs/crm.md, "What attendants see"):
 * the CRM contact's name (first and last), else the session's `customer_name` (what the channel,
 * a matched contact or a script gave), else the channel and a short id — never a bare UUID or a
 * provider's raw id. Every place that names a customer to an attendant goes through it: queue
 * items, `/queue`, `/context`, the live frames, the cards, the mails and the console.
 */

/** What the rule reads: the contact's name, the session's keys, its channel and its id. */
export interface NameSources {
  contact?: { first_name: string | null; last_name: string | null } | null | undefined;
  context_data?: Record<string, unknown> | null | undefined;
  channel: string;
  session_id: string;
}

/** Characters of the session id shown when nothing names the customer. */
const SHORT_ID_LENGTH = 6;

/** The session id's first hexadecimal characters: enough to tell apart the conversations a queue shows. */
export function shortId(sessionId: string): string {
  return sessionId.replaceAll('-', '').slice(0, SHORT_ID_LENGTH).toLowerCase();
}

/** "web · 3f9a2c": how a customer nothing names is shown. */
export function anonymousName(channel: string, sessionId: string): string {
  return `${channel} · ${shortId(sessionId)}`;
}

/** The customer's display name by the rule above. */
export function customerDisplayName(sources: NameSources): string {
  const contact = [sources.contact?.first_name, sources.contact?.last_name]
    .map((part) => part?.trim() ?? '').filter((part) => part !== '').join(' ');
  if (contact) return contact;
  const kept = sources.context_data?.customer_name;
  if (typeof kept === 'string' && kept.trim() !== '') return kept.trim();
  return anonymousName(sources.channel, sources.session_id);
}
