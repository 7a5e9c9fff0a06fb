import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { sessions } from './sessions.js';
import { users } from './users.js';

/** The customer tiers of the seed's customer fields (docs/crm.md). */
export const CONTACT_TIERS = ['premium', 'gold', 'standard'] as const;
export type ContactTier = (typeof CONTACT_TIERS)[number];

/**
 * A customer as the CRM knows them (docs/crm.md). A session is linked to its contact
 * (`sessions.customer_id`) by phone, email or a channel identity (`crm_contact_identities`).
 * Phones are E.164 and emails lower case, so both look-ups are equalities and duplicates are
 * refused by the unique indexes below.
 */
export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Organisation the contact belongs to; free UUID (there is no organisations table yet). */
    org_id: uuid('org_id'),
    bot_id: uuid('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    first_name: text('first_name'),
    last_name: text('last_name'),
    /** Lower case. */
    email: text('email'),
    /** E.164, so the lookup by phone is an equality. */
    phone: text('phone'),
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    tier: text('tier', { enum: CONTACT_TIERS }),
    /** Lifetime value, in the business's currency. */
    ltv: numeric('ltv', { mode: 'number' }),
    last_purchase: date('last_purchase', { mode: 'string' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Free fields a business adds (string, number or boolean values). */
    custom_fields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** What attendants wrote about the customer. */
    note: text('note'),
    /** Set when the customer opted out of campaigns (SMS STOP, or by an attendant); proactive sends skip them. */
    unsubscribed_at: timestamp('unsubscribed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_contacts_bot_phone_key').on(t.bot_id, t.phone).where(sql`phone is not null`),
    uniqueIndex('crm_contacts_bot_email_key').on(t.bot_id, t.email).where(sql`email is not null`),
    index('crm_contacts_bot_created_idx').on(t.bot_id, t.created_at),
  ],
);

/**
 * A contact's id on a channel that has no phone or email to match by: a bot_msg user id, a
 * page-scoped id of social_dm or page_msg, a workchat AAD object id, a web visitor id.
 */
export const crmContactIdentities = pgTable(
  'crm_contact_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    contact_id: uuid('contact_id').notNull().references(() => crmContacts.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    external_id: text('external_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_contact_identities_key').on(t.bot_id, t.channel, t.external_id),
    index('crm_contact_identities_contact_idx').on(t.contact_id),
  ],
);

/** A sales opportunity; resolving a sales ticket may create one. */
export const crmDeals = pgTable(
  'crm_deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bot_id: uuid('bot_id').references(() => bots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: numeric('value', { mode: 'number' }),
    /** Name of a pipeline stage; free text so deals survive a renamed stage. */
    stage: text('stage'),
    contact_id: uuid('contact_id').references(() => crmContacts.id, { onDelete: 'set null' }),
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The campaign the deal came from, for the campaign's results. */
    campaign_id: uuid('campaign_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_deals_contact_idx').on(t.contact_id),
    index('crm_deals_campaign_idx').on(t.campaign_id),
  ],
);

/** The ordered stages of the sales pipeline; `probability` is 0–100. */
export const crmPipelineStages = pgTable('crm_pipeline_stages', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Unique in its tenant (migration 0036).
  name: text('name').notNull(),
  order_index: integer('order_index').notNull().default(0),
  probability: numeric('probability', { mode: 'number' }).notNull().default(0),
});

/**
 * One attendance as the CRM remembers it (`attendance-crm-logging`): written when an
 * attendance is resolved, with exactly the fields `attendance-log-fields` names, on the session's
 * contact when it has one. The satisfaction survey adds `customer_satisfaction` later, so the
 * fields are a JSON object rather than columns.
 */
export const crmAttendanceLogs = pgTable(
  'crm_attendance_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    contact_id: uuid('contact_id').references(() => crmContacts.id, { onDelete: 'set null' }),
    /** Null once the session is deleted: the CRM keeps the history. */
    session_id: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_attendance_logs_contact_idx').on(t.contact_id, t.created_at),
    index('crm_attendance_logs_session_idx').on(t.session_id, t.created_at),
  ],
);

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_CHANNELS = ['mobile_msg', 'sms', 'bot_msg'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

/**
 * A marketing campaign (docs/crm.md, "Campaigns"): the seed's six campaign fields, a status and
 * dates. A session's campaign is the one its first message came from (UTM parameters, a
 * click-to-chat referral, a `/start` deep link, matched by `ref` or `ad_id`); a proactive
 * campaign also sends `message` (or the approved `template`) to the contacts of its `segment`.
 */
export const crmCampaigns = pgTable(
  'crm_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bot_id: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The short code deep links and `utm_campaign` carry. */
    ref: text('ref'),
    utm_source: text('utm_source'),
    utm_medium: text('utm_medium'),
    ad_id: text('ad_id'),
    /** Which contacts a proactive send reaches: a tag (`tag:vip`), a tier (`tier:gold`), or `all`. */
    segment: text('segment'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    starts_at: timestamp('starts_at', { withTimezone: true }),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    /** Proactive: the channel, the text (or the mobile_msg template and its parameters). */
    channel: text('channel', { enum: CAMPAIGN_CHANNELS }),
    message: text('message'),
    template: text('template'),
    template_params: jsonb('template_params').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** A reply to a proactive message hands the conversation to a human (docs/crm.md, "Proactive campaigns"). */
    handoff_on_reply: boolean('handoff_on_reply').notNull().default(false),
    /** Sends per minute on the campaign's channel; null takes the channel's default. */
    rate_per_minute: integer('rate_per_minute'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_campaigns_bot_ref_key').on(t.bot_id, t.ref).where(sql`ref is not null`),
    index('crm_campaigns_bot_ad_idx').on(t.bot_id, t.ad_id),
  ],
);

export const CAMPAIGN_RECIPIENT_STATUSES = ['pending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

/** One contact of a proactive campaign and how far its message got; one row per contact, so a resumed send never sends twice. */
export const crmCampaignRecipients = pgTable(
  'crm_campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaign_id: uuid('campaign_id').notNull().references(() => crmCampaigns.id, { onDelete: 'cascade' }),
    contact_id: uuid('contact_id').notNull().references(() => crmContacts.id, { onDelete: 'cascade' }),
    /** The phone or chat id the message went to. */
    address: text('address').notNull(),
    status: text('status', { enum: CAMPAIGN_RECIPIENT_STATUSES }).notNull().default('pending'),
    /** Why a row failed or was skipped (opted out, no address on the channel…). */
    reason: text('reason'),
    provider_message_id: text('provider_message_id'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    replied_at: timestamp('replied_at', { withTimezone: true }),
    handed_off_at: timestamp('handed_off_at', { withTimezone: true }),
    session_id: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_campaign_recipients_key').on(t.campaign_id, t.contact_id),
    index('crm_campaign_recipients_status_idx').on(t.campaign_id, t.status),
    index('crm_campaign_recipients_address_idx').on(t.address),
    // Delivery statuses find their row by the provider's message id.
    index('crm_campaign_recipients_provider_message_idx').on(t.provider_message_id),
  ],
);
