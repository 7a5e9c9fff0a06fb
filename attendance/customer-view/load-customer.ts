/**
 * Reads what the customer view and the display name are built from: the session and its CRM
 * contact (`sessions.customer_id`, else the bot's contact with the customer's phone). What a
 * change already read (KnownFacts) is not read again.
 */
import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import type { ContactRow, SessionRow } from '../../db/index.js';
import { e164 } from '../assign-conversation.js';
import type { KnownFacts } from '../attendance-listener.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { buildCustomerView, PHONE_CHANNELS, type CustomerSources, type CustomerView } from './customer-fields.js';
import { anonymousName, customerDisplayName } from './display-name.js';

/** The session and contact of a conversation; undefined when the session is gone. */
export interface LoadedCustomer extends CustomerSources {
  session: SessionRow;
  contact: ContactRow | null;
}

type Readers = Pick<AttendanceRepositories, 'sessions' | 'crm'>;

/** The customer's phone as the session knows it (E.164), for finding a contact not linked yet. */
export function sessionPhone(session: SessionRow): string | undefined {
  const context = session.context_data;
  return e164(context.customer_phone) ?? e164(context.phone)
    ?? (PHONE_CHANNELS.has(session.channel) ? e164(session.external_user_id) : undefined);
}

export async function loadCustomer(repos: Readers, sessionId: string, known: KnownFacts = {}): Promise<LoadedCustomer | undefined> {
  const session = known.session ?? await repos.sessions.findById(sessionId);
  if (!session) return undefined;
  if (known.contact !== undefined) return { session, contact: known.contact };
  const phone = sessionPhone(session);
  const contact = (session.customer_id ? await repos.crm.getContact(session.customer_id) : undefined)
    ?? (phone ? await repos.crm.findContactByPhone(session.bot_id, phone) : undefined);
  return { session, contact: contact ?? null };
}

/** The conversation's customer as attendants see them named (display-name.ts). */
export async function loadCustomerName(
  repos: Readers,
  row: { session_id: string; channel: string },
  known: KnownFacts = {},
): Promise<string> {
  const loaded = await loadCustomer(repos, row.session_id, known);
  if (!loaded) return anonymousName(row.channel, row.session_id);
  return customerDisplayName({ contact: loaded.contact, context_data: loaded.session.context_data, channel: row.channel, session_id: row.session_id });
}

/** The fields `attendance-customer-fields` lists for the bot (its default when the bot is unknown). */
export function customerFieldsOf(config: (botId: string) => BotConfig | undefined, botId: string): readonly string[] {
  return (config(botId) ?? defaultBotConfig())['attendance-customer-fields'];
}

/** The conversation's customer view, or undefined when its session is gone. */
export async function loadCustomerView(
  deps: { repos: Readers; config: (botId: string) => BotConfig | undefined },
  row: { session_id: string; bot_id: string },
  known: KnownFacts = {},
): Promise<CustomerView | undefined> {
  const loaded = await loadCustomer(deps.repos, row.session_id, known);
  return loaded && buildCustomerView(loaded, customerFieldsOf(deps.config, row.bot_id));
}
