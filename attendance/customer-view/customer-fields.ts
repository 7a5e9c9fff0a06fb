/**
 * The customer view: what attendants see of a conversation's customer, filtered by the bot's
 * `attendance-customer-fields` (docs/crm.md, "What attendants see"). One pure builder, read by
 * `/context`, the console's customer panel, the workchat and team_chat cards, the attendance
 * webhooks and the CRM attendance log, so they never disagree.
 */
import type { ContactRow } from '../../db/index.js';
import { e164 } from '../assign-conversation.js';
import { customerDisplayName } from './display-name.js';

/** The customer fields of a contact and a session. */
export const CUSTOMER_FIELDS = ['customer_id', 'name', 'email', 'phone', 'tier', 'ltv', 'last_purchase', 'tags'] as const;
/** The campaign fields a session keeps in `context_data`. */
export const CAMPAIGN_FIELDS = ['campaign_id', 'campaign_name', 'utm_source', 'utm_medium', 'ad_id', 'segment', 'lead_source'] as const;

/** How each known field is labelled where text shows it (`/context`, cards, mails); any other key is its own label. */
const LABELS: Record<string, string> = {
  customer_id: 'Customer id', name: 'Name', email: 'Email', phone: 'Phone', tier: 'Tier', ltv: 'Lifetime value',
  last_purchase: 'Last purchase', tags: 'Tags', campaign_id: 'Campaign id', campaign_name: 'Campaign', utm_source: 'UTM source',
  utm_medium: 'UTM medium', ad_id: 'Ad id', segment: 'Segment', lead_source: 'Lead source',
};

/** A field's value: text, a number (ltv), a list (tags) or null when unknown. */
export type CustomerFieldValue = string | number | string[] | null;

export interface CustomerField {
  key: string;
  label: string;
  value: CustomerFieldValue;
}

/** The customer as attendants see them. `tags` and `note` are always there: attendants edit them. */
export interface CustomerView {
  session_id: string;
  channel: string;
  /** The CRM contact linked to the session, null until there is one. */
  contact_id: string | null;
  /** The display name (display-name.ts), whatever the fields list. */
  name: string;
  /** The configured fields, in the configured order. */
  fields: CustomerField[];
  tags: string[];
  note: string | null;
}

/** What the view is built from. */
export interface CustomerSources {
  session: { id: string; channel: string; external_user_id: string; customer_id: string | null; context_data: Record<string, unknown> };
  contact?: Pick<ContactRow, 'id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'tier' | 'ltv' | 'last_purchase' | 'tags' | 'custom_fields' | 'note'> | null;
}

/** Channels whose customer id is their phone number. */
export const PHONE_CHANNELS: ReadonlySet<string> = new Set(['sms', 'mobile_msg', 'rtc_sip']);

const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
};
const amount = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** Every value the sources know, by field name; names neither list knows come from the contact's custom fields, then the session. */
export function fieldValue(sources: CustomerSources, key: string): CustomerFieldValue {
  const { session } = sources;
  const contact = sources.contact ?? undefined;
  const context = session.context_data;
  switch (key) {
    case 'customer_id': return contact?.id ?? session.customer_id;
    case 'name': return customerDisplayName({ contact, context_data: context, channel: session.channel, session_id: session.id });
    case 'email': return text(contact?.email) ?? text(context.customer_email);
    case 'phone':
      return text(contact?.phone) ?? text(context.customer_phone)
        ?? (PHONE_CHANNELS.has(session.channel) ? e164(session.external_user_id) ?? null : null);
    case 'tier': return text(contact?.tier) ?? text(context.customer_tier);
    case 'ltv': return amount(contact?.ltv) ?? amount(context.customer_lifetime_value);
    case 'last_purchase': return text(contact?.last_purchase);
    case 'tags': return [...(contact?.tags ?? [])];
    default: {
      if ((CAMPAIGN_FIELDS as readonly string[]).includes(key)) return text(context[key]);
      const custom = contact?.custom_fields[key];
      return text(custom !== undefined ? custom : context[key]);
    }
  }
}

/** The view with exactly the fields of `names` (blank and repeated names skipped). */
export function buildCustomerView(sources: CustomerSources, names: readonly string[]): CustomerView {
  const { session } = sources;
  const keys = [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
  return {
    session_id: session.id,
    channel: session.channel,
    contact_id: sources.contact?.id ?? session.customer_id,
    name: fieldValue(sources, 'name') as string,
    fields: keys.map((key) => ({ key, label: LABELS[key] ?? key, value: fieldValue(sources, key) })),
    tags: [...(sources.contact?.tags ?? [])],
    note: sources.contact?.note ?? null,
  };
}

/** A value as one line of text ("—" when unknown). */
export function fieldText(value: CustomerFieldValue): string {
  if (value === null) return '—';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '—';
  return String(value);
}

/** The fields as `{key: value}`, for the webhook payloads and the CRM attendance log. */
export function fieldRecord(view: CustomerView): Record<string, CustomerFieldValue> {
  return Object.fromEntries(view.fields.map((f) => [f.key, f.value]));
}

/** A labelled line of a card (workchat, team_chat). */
export interface CardFact {
  title: string;
  value: string;
}

/** The view's known fields for a card, the name aside (the card's title line shows it). */
export function cardFacts(view: CustomerView): CardFact[] {
  return view.fields
    .filter((f) => f.key !== 'name' && f.value !== null && !(Array.isArray(f.value) && f.value.length === 0))
    .map((f) => ({ title: f.label, value: fieldText(f.value) }));
}
