import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
import { isUuid } from './uuid.js';
import {
  crmCampaignRecipients, crmCampaigns, crmContactIdentities, crmContacts, crmDeals, crmPipelineStages, sessions, smsOptOuts,
  type CampaignChannel, type CampaignRecipientStatus, type CampaignStatus,
} from './schema/index.js';

export type CampaignRow = typeof crmCampaigns.$inferSelect;
export type NewCampaign = Omit<typeof crmCampaigns.$inferInsert, 'id' | 'created_at' | 'updated_at'>;
export type CampaignChanges = Partial<Omit<NewCampaign, 'bot_id'>>;
export type CampaignRecipientRow = typeof crmCampaignRecipients.$inferSelect;

/**
 * Which contacts a proactive campaign reaches (docs/crm.md, "Proactive campaigns"), already parsed:
 * every contact of the bot, those with a tag, or those of a tier.
 */
export type SegmentFilter = { kind: 'all' } | { kind: 'tag'; tag: string } | { kind: 'tier'; tier: string };

/** A recipient as the sender takes it: the row and the contact's opt-out. */
export interface ClaimedRecipient {
  id: string;
  contact_id: string;
  address: string;
}

/** How far a campaign's recipients got, and what came of it (GET …/campaigns/{id}/results). */
export interface CampaignCounts {
  recipients: number;
  pending: number;
  sent: number;
  delivered: number;
  failed: number;
  skipped: number;
  replied: number;
  handed_off: number;
}

/** A reply's campaign: the recipient row a customer's message answers. */
export interface RepliedRecipient {
  recipient_id: string;
  campaign_id: string;
  handoff_on_reply: boolean;
  handed_off: boolean;
}

const SENDABLE: CampaignRecipientStatus[] = ['sent', 'delivered'];

/**
 * The only code that queries campaigns and their recipients (db/schema/crm.ts). The recipient rows
 * are the send's checkpoint: a row is claimed (`sent_at` set) before its message goes out, so a
 * send that resumes after a crash never sends a row twice.
 */
export function createCrmCampaignsRepo(db: Database) {
  return {
    async create(campaign: NewCampaign): Promise<CampaignRow> {
      const [row] = await db.insert(crmCampaigns).values(campaign).returning();
      return row!;
    },

    async get(id: string): Promise<CampaignRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(crmCampaigns).where(eq(crmCampaigns.id, id)).limit(1);
      return row;
    },

    /** Newest first, `limit` from `offset`, optionally of one bot or one status. */
    async list(filter: { bot_id?: string; status?: CampaignStatus; limit: number; offset: number }): Promise<{ items: CampaignRow[]; total: number }> {
      const where: SQL[] = [];
      if (filter.bot_id) where.push(eq(crmCampaigns.bot_id, filter.bot_id));
      if (filter.status) where.push(eq(crmCampaigns.status, filter.status));
      const condition = where.length ? and(...where) : undefined;
      const items = await db.select().from(crmCampaigns).where(condition)
        .orderBy(desc(crmCampaigns.created_at), desc(crmCampaigns.id)).limit(filter.limit).offset(filter.offset);
      const [total] = await db.select({ n: count() }).from(crmCampaigns).where(condition);
      return { items, total: total?.n ?? 0 };
    },

    async update(id: string, changes: CampaignChanges): Promise<CampaignRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(crmCampaigns).set({ ...changes, updated_at: sql`now()` }).where(eq(crmCampaigns.id, id)).returning();
      return row;
    },

    /** Moves the status only from one of `from`: two starts or a start racing a cancel cannot both win. */
    async transition(id: string, from: readonly CampaignStatus[], to: CampaignStatus): Promise<CampaignRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(crmCampaigns).set({ status: to, updated_at: sql`now()` })
        .where(and(eq(crmCampaigns.id, id), inArray(crmCampaigns.status, [...from]))).returning();
      return row;
    },

    async remove(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(crmCampaigns).where(eq(crmCampaigns.id, id)).returning({ id: crmCampaigns.id });
      return rows.length > 0;
    },

    /** The campaign a referral names: by id, else by its `ref` (or `utm_campaign`), else by the ad's id. */
    async findForReferral(botId: string, referral: { campaign_id?: string; ref?: string; ad_id?: string }): Promise<CampaignRow | undefined> {
      const or_: SQL[] = [];
      if (referral.campaign_id && isUuid(referral.campaign_id)) or_.push(eq(crmCampaigns.id, referral.campaign_id));
      if (referral.ref) or_.push(eq(crmCampaigns.ref, referral.ref));
      if (referral.ad_id) or_.push(eq(crmCampaigns.ad_id, referral.ad_id));
      if (or_.length === 0) return undefined;
      const rows = await db.select().from(crmCampaigns).where(and(eq(crmCampaigns.bot_id, botId), or(...or_))).limit(3);
      // An id beats a ref, a ref beats an ad id.
      return rows.find((r) => r.id === referral.campaign_id) ?? rows.find((r) => referral.ref !== undefined && r.ref === referral.ref) ?? rows[0];
    },

    /** By id or ref, for the BASIC keywords, which name a campaign either way. */
    async findByKey(botId: string, key: string): Promise<CampaignRow | undefined> {
      const condition = isUuid(key) ? or(eq(crmCampaigns.id, key), eq(crmCampaigns.ref, key)) : or(eq(crmCampaigns.ref, key), eq(crmCampaigns.name, key));
      const [row] = await db.select().from(crmCampaigns).where(and(eq(crmCampaigns.bot_id, botId), condition))
        .orderBy(asc(crmCampaigns.created_at)).limit(1);
      return row;
    },

    /** Campaigns that sent in a window (or run through it), newest first, at most `limit`. */
    async listActive(filter: { bot_id?: string; from: Date; to: Date; limit: number }): Promise<CampaignRow[]> {
      return db.select().from(crmCampaigns).where(and(
        ...(filter.bot_id ? [eq(crmCampaigns.bot_id, filter.bot_id)] : []),
        inArray(crmCampaigns.status, ['running', 'paused', 'completed']),
        gte(crmCampaigns.updated_at, filter.from), lt(crmCampaigns.created_at, filter.to),
      )).orderBy(desc(crmCampaigns.updated_at)).limit(filter.limit);
    },

    /** Campaigns a restart must pick up again: those scheduled or running. */
    async listUnfinished(): Promise<CampaignRow[]> {
      return db.select().from(crmCampaigns).where(inArray(crmCampaigns.status, ['scheduled', 'running']));
    },

    /**
     * Adds the segment's contacts that have an address on the channel as pending recipients; a
     * contact already there is left as it is (so this is safe to run again on a resume).
     * Resolves to how many rows were added.
     */
    async addSegment(campaign: { id: string; bot_id: string; channel: CampaignChannel }, segment: SegmentFilter): Promise<number> {
      const filter = segment.kind === 'tag' ? sql`and ${segment.tag} = any(c.tags)`
        : segment.kind === 'tier' ? sql`and c.tier = ${segment.tier}` : sql``;
      // mobile_msg addresses are the number's digits (the provider's customer id), sms the E.164 number, bot_msg the chat id.
      const source = campaign.channel === 'bot_msg'
        ? sql`select ${campaign.id}::uuid, c.id, i.external_id from crm_contacts c
              join crm_contact_identities i on i.contact_id = c.id and i.channel = 'bot_msg'
              where c.bot_id = ${campaign.bot_id}::uuid ${filter}`
        : sql`select ${campaign.id}::uuid, c.id, ${campaign.channel === 'mobile_msg' ? sql`ltrim(c.phone, '+')` : sql`c.phone`} from crm_contacts c
              where c.bot_id = ${campaign.bot_id}::uuid and c.phone is not null ${filter}`;
      const result = await db.execute(sql`
        insert into crm_campaign_recipients (campaign_id, contact_id, address) ${source}
        on conflict (campaign_id, contact_id) do nothing returning id`);
      return rowsOf<{ id: string }>(result).length;
    },

    /** One contact of the bot as a pending recipient (ADD TO CAMPAIGN); false when already one. */
    async addRecipient(campaignId: string, contactId: string, address: string): Promise<boolean> {
      const rows = await db.insert(crmCampaignRecipients).values({ campaign_id: campaignId, contact_id: contactId, address })
        .onConflictDoNothing().returning({ id: crmCampaignRecipients.id });
      return rows.length > 0;
    },

    /**
     * Pending rows whose contact opted out (the contact's `unsubscribed_at`, or an SMS STOP of its
     * number) become `skipped`, with why. Resolves to how many were skipped.
     */
    async skipOptedOut(campaignId: string): Promise<number> {
      const unsubscribed = await db.update(crmCampaignRecipients).set({ status: 'skipped', reason: 'unsubscribed' })
        .where(and(
          eq(crmCampaignRecipients.campaign_id, campaignId), eq(crmCampaignRecipients.status, 'pending'), isNull(crmCampaignRecipients.sent_at),
          sql`exists (select 1 from ${crmContacts} where ${crmContacts.id} = ${crmCampaignRecipients.contact_id} and ${crmContacts.unsubscribed_at} is not null)`,
        )).returning({ id: crmCampaignRecipients.id });
      const stopped = await db.update(crmCampaignRecipients).set({ status: 'skipped', reason: 'sms_opt_out' })
        .where(and(
          eq(crmCampaignRecipients.campaign_id, campaignId), eq(crmCampaignRecipients.status, 'pending'), isNull(crmCampaignRecipients.sent_at),
          sql`exists (select 1 from ${crmContacts} join ${smsOptOuts} on ${smsOptOuts.phone} = ${crmContacts.phone}
                      where ${crmContacts.id} = ${crmCampaignRecipients.contact_id})`,
        )).returning({ id: crmCampaignRecipients.id });
      return unsubscribed.length + stopped.length;
    },

    /**
     * Rows claimed by a send that stopped before it recorded the outcome: the message may have gone
     * out, so they are failed rather than sent again.
     */
    async failInterrupted(campaignId: string, claimedBefore: Date): Promise<number> {
      const rows = await db.update(crmCampaignRecipients).set({ status: 'failed', reason: 'interrupted: the send stopped before its outcome was known; not sent again' })
        .where(and(
          eq(crmCampaignRecipients.campaign_id, campaignId), eq(crmCampaignRecipients.status, 'pending'), lt(crmCampaignRecipients.sent_at, claimedBefore),
        ))
        .returning({ id: crmCampaignRecipients.id });
      return rows.length;
    },

    /** Whether rows are claimed whose outcome is not written yet (a send at work, or one that stopped). */
    async hasClaimsInFlight(campaignId: string): Promise<boolean> {
      const [row] = await db.select({ one: sql`1` }).from(crmCampaignRecipients)
        .where(and(eq(crmCampaignRecipients.campaign_id, campaignId), eq(crmCampaignRecipients.status, 'pending'), isNotNull(crmCampaignRecipients.sent_at)))
        .limit(1);
      return row !== undefined;
    },

    /** Claims up to `limit` pending rows (sets `sent_at`) for this send; a row is claimed once. */
    async claimPending(campaignId: string, limit: number, at: Date): Promise<ClaimedRecipient[]> {
      const batch = db.select({ id: crmCampaignRecipients.id }).from(crmCampaignRecipients)
        .where(and(eq(crmCampaignRecipients.campaign_id, campaignId), eq(crmCampaignRecipients.status, 'pending'), isNull(crmCampaignRecipients.sent_at)))
        .orderBy(asc(crmCampaignRecipients.created_at), asc(crmCampaignRecipients.id)).limit(limit).for('update', { skipLocked: true });
      return db.update(crmCampaignRecipients).set({ sent_at: at })
        .where(and(inArray(crmCampaignRecipients.id, batch), isNull(crmCampaignRecipients.sent_at)))
        .returning({ id: crmCampaignRecipients.id, contact_id: crmCampaignRecipients.contact_id, address: crmCampaignRecipients.address });
    },

    /** Gives a claimed row back (the rate limit or a pause stopped the send before it went out). */
    async release(recipientId: string): Promise<void> {
      await db.update(crmCampaignRecipients).set({ sent_at: null })
        .where(and(eq(crmCampaignRecipients.id, recipientId), eq(crmCampaignRecipients.status, 'pending')));
    },

    async markSent(recipientId: string, providerMessageId: string | null): Promise<void> {
      await db.update(crmCampaignRecipients).set({ status: 'sent', provider_message_id: providerMessageId })
        .where(eq(crmCampaignRecipients.id, recipientId));
    },

    async markFailed(recipientId: string, reason: string, status: 'failed' | 'skipped' = 'failed'): Promise<void> {
      await db.update(crmCampaignRecipients).set({ status, reason }).where(eq(crmCampaignRecipients.id, recipientId));
    },

    /**
     * A provider's delivery status for a campaign message, found by the id its send answered:
     * delivered (or read) moves a sent row on, failed fails it. Resolves to whether a row matched.
     */
    async applyDeliveryStatus(providerMessageId: string, status: 'sent' | 'delivered' | 'read' | 'failed', reason: string | undefined, at: Date): Promise<boolean> {
      const match = eq(crmCampaignRecipients.provider_message_id, providerMessageId);
      if (status === 'failed') {
        const rows = await db.update(crmCampaignRecipients).set({ status: 'failed', reason: reason ?? 'the provider reports it failed' })
          .where(match).returning({ id: crmCampaignRecipients.id });
        return rows.length > 0;
      }
      if (status === 'sent') {
        const [row] = await db.select({ id: crmCampaignRecipients.id }).from(crmCampaignRecipients).where(match).limit(1);
        return row !== undefined;
      }
      const rows = await db.update(crmCampaignRecipients)
        .set({ status: 'delivered', delivered_at: sql`coalesce(${crmCampaignRecipients.delivered_at}, ${at})` })
        .where(and(match, inArray(crmCampaignRecipients.status, SENDABLE))).returning({ id: crmCampaignRecipients.id });
      if (rows.length > 0) return true;
      const [known] = await db.select({ id: crmCampaignRecipients.id }).from(crmCampaignRecipients).where(match).limit(1);
      return known !== undefined;
    },

    /**
     * Whether the bot has proactive campaigns on this channel whose replies may still come (sent
     * since `since`): the cheap question asked before looking a customer up.
     */
    async awaitsReplies(botId: string, channel: CampaignChannel, since: Date): Promise<boolean> {
      const [row] = await db.select({ one: sql`1` }).from(crmCampaigns)
        .where(and(
          eq(crmCampaigns.bot_id, botId), eq(crmCampaigns.channel, channel), inArray(crmCampaigns.status, ['running', 'completed', 'paused']),
          gte(crmCampaigns.updated_at, since),
        )).limit(1);
      return row !== undefined;
    },

    /**
     * The newest campaign message this customer may be answering: sent to this address on this
     * channel by this bot since `since`, within its campaign's end, not yet answered (or answered
     * but not yet handed over when the campaign hands over).
     */
    async findRepliable(botId: string, channel: CampaignChannel, address: string, since: Date, at: Date): Promise<RepliedRecipient | undefined> {
      const [row] = await db.select({
        recipient_id: crmCampaignRecipients.id, campaign_id: crmCampaigns.id, handoff_on_reply: crmCampaigns.handoff_on_reply,
        handed_off_at: crmCampaignRecipients.handed_off_at, replied_at: crmCampaignRecipients.replied_at,
      }).from(crmCampaignRecipients).innerJoin(crmCampaigns, eq(crmCampaigns.id, crmCampaignRecipients.campaign_id))
        .where(and(
          eq(crmCampaignRecipients.address, address), inArray(crmCampaignRecipients.status, SENDABLE), gte(crmCampaignRecipients.sent_at, since),
          eq(crmCampaigns.bot_id, botId), eq(crmCampaigns.channel, channel),
          or(isNull(crmCampaigns.ends_at), gte(crmCampaigns.ends_at, at)),
          or(isNull(crmCampaignRecipients.replied_at), and(eq(crmCampaigns.handoff_on_reply, true), isNull(crmCampaignRecipients.handed_off_at))),
        ))
        .orderBy(desc(crmCampaignRecipients.sent_at)).limit(1);
      return row && { recipient_id: row.recipient_id, campaign_id: row.campaign_id, handoff_on_reply: row.handoff_on_reply, handed_off: row.handed_off_at !== null };
    },

    async markReplied(recipientId: string, at: Date): Promise<void> {
      await db.update(crmCampaignRecipients).set({ replied_at: sql`coalesce(${crmCampaignRecipients.replied_at}, ${at})` })
        .where(eq(crmCampaignRecipients.id, recipientId));
    },

    /** The conversation of a campaign's recipient went to a human: when, and which session. */
    async markHandedOff(campaignId: string, address: string, sessionId: string, at: Date): Promise<boolean> {
      if (!isUuid(campaignId)) return false;
      const rows = await db.update(crmCampaignRecipients)
        .set({ handed_off_at: sql`coalesce(${crmCampaignRecipients.handed_off_at}, ${at})`, replied_at: sql`coalesce(${crmCampaignRecipients.replied_at}, ${at})`, session_id: sessionId })
        .where(and(eq(crmCampaignRecipients.campaign_id, campaignId), eq(crmCampaignRecipients.address, address)))
        .returning({ id: crmCampaignRecipients.id });
      return rows.length > 0;
    },

    async counts(campaignId: string): Promise<CampaignCounts> {
      const [row] = await db.select({
        recipients: count(),
        pending: sql<number>`count(*) filter (where ${crmCampaignRecipients.status} = 'pending')`.mapWith(Number),
        sent: sql<number>`count(*) filter (where ${crmCampaignRecipients.status} in ('sent', 'delivered'))`.mapWith(Number),
        delivered: sql<number>`count(*) filter (where ${crmCampaignRecipients.status} = 'delivered')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${crmCampaignRecipients.status} = 'failed')`.mapWith(Number),
        skipped: sql<number>`count(*) filter (where ${crmCampaignRecipients.status} = 'skipped')`.mapWith(Number),
        replied: sql<number>`count(*) filter (where ${crmCampaignRecipients.replied_at} is not null)`.mapWith(Number),
        handed_off: sql<number>`count(*) filter (where ${crmCampaignRecipients.handed_off_at} is not null)`.mapWith(Number),
      }).from(crmCampaignRecipients).where(eq(crmCampaignRecipients.campaign_id, campaignId));
      return {
        recipients: row?.recipients ?? 0, pending: row?.pending ?? 0, sent: row?.sent ?? 0, delivered: row?.delivered ?? 0,
        failed: row?.failed ?? 0, skipped: row?.skipped ?? 0, replied: row?.replied ?? 0, handed_off: row?.handed_off ?? 0,
      };
    },

    /** Deals of the campaign in a won stage (probability 100), and their value. */
    async dealsWon(campaignId: string): Promise<{ deals: number; won: number; won_value: number }> {
      const [row] = await db.select({
        deals: count(),
        won: sql<number>`count(*) filter (where ${crmPipelineStages.probability} >= 100)`.mapWith(Number),
        won_value: sql<number>`coalesce(sum(${crmDeals.value}) filter (where ${crmPipelineStages.probability} >= 100), 0)`.mapWith(Number),
      }).from(crmDeals).leftJoin(crmPipelineStages, eq(crmPipelineStages.name, crmDeals.stage)).where(eq(crmDeals.campaign_id, campaignId));
      return { deals: row?.deals ?? 0, won: row?.won ?? 0, won_value: row?.won_value ?? 0 };
    },

    /** Conversations whose campaign is this one (captured from a referral or a reply). */
    async conversations(botId: string, campaignId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(sessions)
        .where(and(eq(sessions.bot_id, botId), sql`${sessions.context_data}->>'campaign_id' = ${campaignId}`));
      return row?.n ?? 0;
    },

    /** The pipeline's first won stage (probability 100), where TRACK CONVERSION puts its deal. */
    async wonStage(): Promise<string | undefined> {
      const [row] = await db.select({ name: crmPipelineStages.name }).from(crmPipelineStages)
        .where(gte(crmPipelineStages.probability, 100)).orderBy(asc(crmPipelineStages.order_index)).limit(1);
      return row?.name;
    },

    /** A converted sale of a campaign (TRACK CONVERSION): a deal in a stage, on the contact when known. */
    async createDeal(deal: { bot_id: string; campaign_id: string; name: string; value: number | null; stage: string; contact_id: string | null }): Promise<string> {
      const [row] = await db.insert(crmDeals).values(deal).returning({ id: crmDeals.id });
      return row!.id;
    },

    /** SMS STOP: the bot's contacts with this number are unsubscribed from campaigns. */
    async unsubscribeByPhone(phone: string, at: Date): Promise<number> {
      const rows = await db.update(crmContacts).set({ unsubscribed_at: at })
        .where(and(eq(crmContacts.phone, phone), isNull(crmContacts.unsubscribed_at))).returning({ id: crmContacts.id });
      return rows.length;
    },

    /** A bot's contact by id, E.164 phone or lower-case email (ADD TO CAMPAIGN). */
    async findContact(botId: string, key: { id?: string; phone?: string; email?: string }): Promise<{ id: string; phone: string | null } | undefined> {
      const condition = key.id ? (isUuid(key.id) ? eq(crmContacts.id, key.id) : undefined)
        : key.phone ? eq(crmContacts.phone, key.phone) : key.email ? eq(crmContacts.email, key.email) : undefined;
      if (!condition) return undefined;
      const [row] = await db.select({ id: crmContacts.id, phone: crmContacts.phone }).from(crmContacts)
        .where(and(eq(crmContacts.bot_id, botId), condition)).limit(1);
      return row;
    },

    /** The contact's id on a channel without phones (bot_msg). */
    async identityOf(contactId: string, channel: string): Promise<string | undefined> {
      const [row] = await db.select({ external_id: crmContactIdentities.external_id }).from(crmContactIdentities)
        .where(and(eq(crmContactIdentities.contact_id, contactId), eq(crmContactIdentities.channel, channel))).limit(1);
      return row?.external_id;
    },
  };
}

export type CrmCampaignsRepo = ReturnType<typeof createCrmCampaignsRepo>;

export { CONTACT_TIERS, CAMPAIGN_CHANNELS, CAMPAIGN_RECIPIENT_STATUSES, CAMPAIGN_STATUSES, type CampaignChannel, type CampaignRecipientStatus, type CampaignStatus } from './schema/index.js';
