import type { Channel, CustomerRef } from '../engine/index.js';
import { normaliseEmail, normalisePhone } from './contacts/contact-rules.js';

/**
 * How a channel's customer is known to the CRM (docs/crm.md, "Matching a conversation to its
 * contact"): phones in E.164, emails lower case, and the channel's own id of the person where the
 * channel has no phone to match by.
 */

/** Channels whose customer id is their phone number: the phone is the identity, no identity row is kept. */
const PHONE_CHANNELS: ReadonlySet<Channel> = new Set(['mobile_msg', 'sms', 'rtc_sip']);

/** The keys a customer is looked for by: phone, email and the channel identity, each when the channel gives it. */
export interface CustomerKeys {
  phone?: string;
  email?: string;
  identity?: { channel: Channel; external_id: string };
}

/**
 * What the channel tells of who wrote: the phone (mobile_msg and sms numbers, E.164), the email
 * (the web pre-chat form), and the channel identity — the bot_msg user id, the social_dm and
 * page_msg page-scoped id, the workchat AAD object id (the conversation's id when the activity
 * has none), the web visitor id.
 */
export function customerKeys(channel: Channel, customer: CustomerRef): CustomerKeys {
  const phone = customer.phone ? normalisePhone(customer.phone) : undefined;
  const email = customer.email ? normaliseEmail(customer.email) : undefined;
  const external = channel === 'workchat' ? customer.directory_id ?? customer.external_id : customer.external_id;
  return {
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
    ...(PHONE_CHANNELS.has(channel) ? {} : { identity: { channel, external_id: external } }),
  };
}

/** A display name as a contact's first and last name: the first word, and the rest. */
export function splitName(displayName: string | undefined): { first_name?: string; last_name?: string } {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  return { first_name: words[0]!, ...(words.length > 1 ? { last_name: words.slice(1).join(' ') } : {}) };
}

/** The contact's name as one line, undefined when it has none. */
export function contactName(contact: { first_name: string | null; last_name: string | null }): string | undefined {
  const name = [contact.first_name, contact.last_name].filter((part) => part && part.trim()).join(' ').trim();
  return name || undefined;
}
