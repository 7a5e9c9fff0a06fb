import type { ObjectValue, Value } from '../basic-interpreter/index.js';
import type { SessionTurn } from '../engine/index.js';
import type { ContactChange } from './ports.js';
import type { HostContext, ScriptBot } from './script-host-context.js';

/**
 * The contact keywords on a conversation (docs/basic.md, "The customer's contact"). What a script
 * writes on the contact is copied onto the session's keys attendants see
 * (docs/crm.md, "Script keys and keywords"): the name, email and phone as `customer_name`,
 * `customer_email`, `customer_phone`, the tier and lifetime value as `customer_tier` and
 * `customer_lifetime_value`.
 */

/** Contact fields and the session key each is shown under. */
const SESSION_KEYS: Record<string, string> = {
  name: 'customer_name', email: 'customer_email', phone: 'customer_phone', tier: 'customer_tier', ltv: 'customer_lifetime_value',
};

/** GET CONTACT: the session's contact, null when it has none (the bot's crm-enabled false: always null). */
export async function getContact(ctx: HostContext, bot: ScriptBot, turn: SessionTurn): Promise<Value> {
  const id = turn.customerIdNow;
  if (!id || !bot.config['crm-enabled']) return null;
  return ctx.contacts.get({ bot_id: bot.id, contact_id: id });
}

/**
 * SET CONTACT / ADD TAG: changes the session's contact, or makes one for this customer (with the
 * channel's identity) and links the session to it. Resolves to the contact.
 */
export async function changeContact(ctx: HostContext, bot: ScriptBot, turn: SessionTurn, change: ContactChange): Promise<Value> {
  if (!bot.config['crm-enabled']) throw new Error(`${'tag' in change ? 'ADD TAG' : 'SET CONTACT'}: the CRM is off for this bot (crm-enabled is false)`);
  const { session } = turn;
  const name = turn.context.customer_name;
  const contact = await ctx.contacts.change({
    bot_id: bot.id, contact_id: turn.customerIdNow, change,
    customer: { channel: session.channel, external_id: session.external_user_id, ...(typeof name === 'string' && name ? { display_name: name } : {}) },
  });
  if (turn.customerIdNow !== contact.id) turn.setCustomerId(contact.id);
  if ('field' in change) mirror(turn, change.field, contact);
  return contact;
}

function mirror(turn: SessionTurn, field: string, contact: ObjectValue): void {
  const key = SESSION_KEYS[field === 'first_name' || field === 'last_name' ? 'name' : field];
  if (key) turn.setContext(key, contact[field === 'first_name' || field === 'last_name' ? 'name' : field] ?? null);
}
