/**
 * Attendants tag a conversation's customer and write a note on them (docs/crm.md, "What attendants
 * see"). Both live on the CRM contact, so the next conversation of the same customer shows them.
 * A conversation without a contact gets one on the first edit — made from what the session knows
 * (name, email, phone), or the bot's contact with that phone or email when there is one — linked
 * to the session and to the customer's id on the channel, so matching finds it next time.
 */
import type { BotConfig } from '../../config/index.js';
import type { ContactRow, SessionRow } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { visibleConversation, type Actor } from '../commands/attendant-scope.js';
import { buildCustomerView, type CustomerView } from './customer-fields.js';
import { customerFieldsOf, loadCustomer, sessionPhone } from './load-customer.js';

export interface EditCustomerNotesDeps {
  repos: AttendanceRepositories;
  config: (botId: string) => BotConfig | undefined;
}

export interface EditCustomerNotesInput {
  actor: Actor;
  sessionId: string;
  /** The whole list of tags (replaces the old one); absent leaves them. */
  tags?: readonly string[];
  /** The note; null clears it, absent leaves it. */
  note?: string | null;
}

/** Tags trimmed, blanks dropped, repeats (ignoring case) kept once, in the order given. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    kept.push(tag);
  }
  return kept;
}

/** The customer view of a conversation the actor may see (GET …/customer). */
export async function readCustomerView(deps: EditCustomerNotesDeps, actor: Actor, sessionId: string): Promise<CustomerView> {
  const row = await visibleConversation(deps.repos, actor, sessionId);
  const loaded = await loadCustomer(deps.repos, row.session_id);
  return buildCustomerView(loaded ?? { session: orphan(row), contact: null }, customerFieldsOf(deps.config, row.bot_id));
}

/** Writes the tags and note; resolves to the customer view after the change. */
export async function editCustomerNotes(deps: EditCustomerNotesDeps, input: EditCustomerNotesInput): Promise<CustomerView> {
  const row = await visibleConversation(deps.repos, input.actor, input.sessionId);
  const changes = {
    ...(input.tags !== undefined ? { tags: normaliseTags(input.tags) } : {}),
    ...(input.note !== undefined ? { note: input.note === null || input.note.trim() === '' ? null : input.note.trim() } : {}),
  };
  const loaded = await deps.repos.inTransaction(async (repos) => {
    const current = await loadCustomer(repos, row.session_id);
    if (!current) return undefined;
    const contact = current.contact ?? await contactFor(repos, current.session);
    if (current.session.customer_id !== contact.id) await repos.customers.linkSession(current.session, contact.id);
    const updated = await repos.customers.updateNotes(contact.id, changes);
    return { session: { ...current.session, customer_id: contact.id }, contact: updated ?? contact };
  });
  return buildCustomerView(loaded ?? { session: orphan(row), contact: null }, customerFieldsOf(deps.config, row.bot_id));
}

/** The bot's contact with the session's phone or email, else a new one made from what the session knows. */
async function contactFor(repos: AttendanceRepositories, session: SessionRow): Promise<ContactRow> {
  const context = session.context_data;
  const phone = sessionPhone(session) ?? null;
  const email = typeof context.customer_email === 'string' && context.customer_email.includes('@') ? context.customer_email.trim().toLowerCase() : null;
  const found = await repos.customers.findByAddress(session.bot_id, { phone, email });
  if (found) return found;
  const name = typeof context.customer_name === 'string' && context.customer_name.trim() !== '' ? context.customer_name.trim() : null;
  return repos.customers.createContact({ bot_id: session.bot_id, first_name: name, email, phone });
}

/** A conversation whose session is gone still shows by its channel and short id. */
function orphan(row: { session_id: string; channel: string }) {
  return { id: row.session_id, channel: row.channel, external_user_id: '', customer_id: null, context_data: {} };
}
