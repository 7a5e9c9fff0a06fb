import { and, arrayContains, asc, count, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import {
  contentContacts, crmAttendanceLogs, crmCampaignRecipients, crmContactIdentities, crmContacts, crmDeals, crmPipelineStages, sessions,
} from './schema/index.js';

export type ContactRow = typeof crmContacts.$inferSelect;
export type NewContact = Omit<typeof crmContacts.$inferInsert, 'id' | 'created_at' | 'updated_at'>;
export type DealRow = typeof crmDeals.$inferSelect;
export type NewDeal = Omit<typeof crmDeals.$inferInsert, 'id' | 'created_at' | 'updated_at'>;
export type PipelineStageRow = typeof crmPipelineStages.$inferSelect;

type ContactChanges = Partial<Omit<NewContact, 'bot_id' | 'org_id'>>;
type DealChanges = Partial<Omit<NewDeal, 'bot_id'>>;
interface StageFields { name: string; order_index: number; probability: number }
interface PageRequest { limit: number; offset: number }
interface ContactFilter { name?: string; phone?: string; email?: string; tag?: string; tier?: string; owner_id?: string }
interface DealFilter { stage?: string; contact_id?: string; owner_id?: string }

/** `%` and `_` taken literally in an ILIKE pattern. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function contactWhere(botId: string, f: ContactFilter): SQL | undefined {
  const c = crmContacts;
  const conditions: (SQL | undefined)[] = [eq(c.bot_id, botId)];
  if (f.name) {
    const pattern = likeText(f.name);
    conditions.push(or(ilike(c.first_name, pattern), ilike(c.last_name, pattern),
      sql`(coalesce(${c.first_name}, '') || ' ' || coalesce(${c.last_name}, '')) ilike ${pattern}`));
  }
  if (f.phone) conditions.push(eq(c.phone, f.phone));
  if (f.email) conditions.push(eq(c.email, f.email));
  if (f.tag) conditions.push(arrayContains(c.tags, [f.tag]));
  if (f.tier) conditions.push(eq(c.tier, f.tier as ContactRow['tier'] & string));
  if (f.owner_id) conditions.push(isUuid(f.owner_id) ? eq(c.owner_id, f.owner_id) : sql`false`);
  return and(...conditions);
}

function dealWhere(botId: string, f: DealFilter): SQL | undefined {
  const d = crmDeals;
  return and(
    eq(d.bot_id, botId),
    f.stage ? eq(d.stage, f.stage) : undefined,
    f.contact_id ? (isUuid(f.contact_id) ? eq(d.contact_id, f.contact_id) : sql`false`) : undefined,
    f.owner_id ? (isUuid(f.owner_id) ? eq(d.owner_id, f.owner_id) : sql`false`) : undefined,
  );
}

/** How each changeable column is read back from a change's JSON. */
const FROM_JSON: Record<string, (value: SQL) => SQL> = {
  first_name: (v) => sql`${v}->>'first_name'`,
  last_name: (v) => sql`${v}->>'last_name'`,
  email: (v) => sql`${v}->>'email'`,
  phone: (v) => sql`${v}->>'phone'`,
  owner_id: (v) => sql`(${v}->>'owner_id')::uuid`,
  tier: (v) => sql`${v}->>'tier'`,
  ltv: (v) => sql`(${v}->>'ltv')::numeric`,
  last_purchase: (v) => sql`(${v}->>'last_purchase')::date`,
  tags: (v) => sql`array(select jsonb_array_elements_text(${v}->'tags'))`,
  custom_fields: (v) => sql`${v}->'custom_fields'`,
  note: (v) => sql`${v}->>'note'`,
  unsubscribed_at: (v) => sql`(${v}->>'unsubscribed_at')::timestamptz`,
};

/**
 * One UPDATE for a batch of contacts, each with its own changes: every column takes the change's
 * value when the change names it and keeps its own otherwise, so a batch of an import is one
 * statement whatever its size.
 */
function batchUpdate(updates: readonly { id: string; changes: ContactChanges }[]): SQL {
  const v = sql.raw('v.changes');
  const sets = Object.entries(FROM_JSON).map(([column, read]) =>
    sql`${sql.identifier(column)} = case when ${v} ? ${column} then ${read(v)} else c.${sql.identifier(column)} end`);
  const rows = JSON.stringify(updates.map(({ id, changes }) => ({ id, changes })));
  return sql`update ${crmContacts} c set ${sql.join(sets, sql`, `)}, updated_at = now()
    from (select (e->>'id')::uuid as id, e->'changes' as changes from jsonb_array_elements(${rows}::jsonb) e) v
    where c.id = v.id`;
}

/**
 * Address-book cards (content_contacts) that name this contact's email or phone and are linked to
 * no contact yet get linked to it (docs/crm.md, "Address book and CRM"). A card's phone matches
 * when, stripped of everything but digits and `+`, it is the contact's E.164 number.
 */
async function linkAddressBook(db: Database, contact: Pick<ContactRow, 'id' | 'email' | 'phone'>): Promise<void> {
  const matches: SQL[] = [];
  if (contact.email) matches.push(sql`exists (select 1 from jsonb_array_elements_text(${contentContacts.emails}) e where lower(e) = ${contact.email})`);
  if (contact.phone) matches.push(sql`exists (select 1 from jsonb_array_elements_text(${contentContacts.phones}) p where regexp_replace(p, '[^0-9+]', '', 'g') = ${contact.phone})`);
  if (!matches.length) return;
  await db.update(contentContacts).set({ crm_contact_id: contact.id })
    .where(and(isNull(contentContacts.crm_contact_id), or(...matches)));
}

/**
 * {@link linkAddressBook} for a batch of new contacts (an import's): the cards naming one of their
 * emails or phones, not linked yet, are linked to the oldest contact they name; one statement.
 */
async function linkAddressBookToNew(db: Database, created: readonly NewContact[]): Promise<void> {
  const emails = created.flatMap((c) => (c.email ? [c.email] : []));
  const phones = created.flatMap((c) => (c.phone ? [c.phone] : []));
  if (!emails.length && !phones.length) return;
  const card = contentContacts;
  const cardEmails = sql`(select lower(e) from jsonb_array_elements_text(${card.emails}) e)`;
  const cardPhones = sql`(select regexp_replace(p, '[^0-9+]', '', 'g') from jsonb_array_elements_text(${card.phones}) p)`;
  await db.update(card).set({
    crm_contact_id: sql`(select k.id from ${crmContacts} k where k.email in ${cardEmails} or k.phone in ${cardPhones} order by k.created_at, k.id limit 1)`,
  }).where(and(isNull(card.crm_contact_id), or(
    sql`exists (select 1 from jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb) x where x in ${cardEmails})`,
    sql`exists (select 1 from jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb) x where x in ${cardPhones})`,
  )));
}

/**
 * The CRM's storage (docs/crm.md): contacts, deals and pipeline stages for the CRM API, and the
 * records attendance touches (the contact matched to a conversation by phone, deals created from
 * resolved sales tickets).
 */
export function createCrmRepo(db: Database) {
  return {
    async createContact(contact: NewContact): Promise<ContactRow> {
      const [row] = await db.insert(crmContacts).values(contact).returning();
      await linkAddressBook(db, row!);
      return row!;
    },

    async getContact(id: string): Promise<ContactRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(crmContacts).where(eq(crmContacts.id, id)).limit(1);
      return row;
    },

    async updateContact(id: string, changes: ContactChanges): Promise<ContactRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(crmContacts).set({ ...changes, updated_at: new Date() }).where(eq(crmContacts.id, id)).returning();
      if (row && ('email' in changes || 'phone' in changes)) await linkAddressBook(db, row);
      return row;
    },

    async deleteContact(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(crmContacts).where(eq(crmContacts.id, id)).returning({ id: crmContacts.id });
      return rows.length > 0;
    },

    /**
     * The bot's contact with this phone (the caller normalises it to E.164 first); the oldest when
     * several share it, so the match is stable.
     */
    async findContactByPhone(botId: string, phone: string): Promise<ContactRow | undefined> {
      const [row] = await db.select().from(crmContacts)
        .where(and(eq(crmContacts.bot_id, botId), eq(crmContacts.phone, phone)))
        .orderBy(asc(crmContacts.created_at), asc(crmContacts.id)).limit(1);
      return row;
    },

    async findContactsByKeys(botId: string, keys: { phones: readonly string[]; emails: readonly string[] }): Promise<ContactRow[]> {
      const matches = [
        keys.phones.length ? inArray(crmContacts.phone, [...keys.phones]) : undefined,
        keys.emails.length ? inArray(crmContacts.email, [...keys.emails]) : undefined,
      ].filter((m) => m !== undefined);
      if (!matches.length) return [];
      return db.select().from(crmContacts).where(and(eq(crmContacts.bot_id, botId), or(...matches)));
    },

    async searchContacts(botId: string, filter: ContactFilter, page: PageRequest): Promise<{ rows: ContactRow[]; total: number }> {
      const where = contactWhere(botId, filter);
      const [rows, [total]] = await Promise.all([
        db.select().from(crmContacts).where(where)
          .orderBy(asc(crmContacts.last_name), asc(crmContacts.first_name), asc(crmContacts.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(crmContacts).where(where),
      ]);
      return { rows, total: total!.n };
    },

    async contactsAfter(botId: string, afterId: string | undefined, limit: number): Promise<ContactRow[]> {
      return db.select().from(crmContacts)
        .where(and(eq(crmContacts.bot_id, botId), afterId ? gt(crmContacts.id, afterId) : undefined))
        .orderBy(asc(crmContacts.id)).limit(limit);
    },

    async mergeContacts(keepId: string, fromId: string, changes: ContactChanges): Promise<ContactRow> {
      return db.transaction(async (tx) => {
        // Identities and campaign rows the kept contact already has would break their unique keys: those of `from` go.
        await tx.delete(crmContactIdentities).where(and(eq(crmContactIdentities.contact_id, fromId), sql`exists (
          select 1 from ${crmContactIdentities} k where k.contact_id = ${keepId} and k.bot_id = ${crmContactIdentities.bot_id}
          and k.channel = ${crmContactIdentities.channel} and k.external_id = ${crmContactIdentities.external_id})`));
        await tx.update(crmContactIdentities).set({ contact_id: keepId }).where(eq(crmContactIdentities.contact_id, fromId));
        await tx.delete(crmCampaignRecipients).where(and(eq(crmCampaignRecipients.contact_id, fromId), sql`exists (
          select 1 from ${crmCampaignRecipients} k where k.contact_id = ${keepId} and k.campaign_id = ${crmCampaignRecipients.campaign_id})`));
        await tx.update(crmCampaignRecipients).set({ contact_id: keepId }).where(eq(crmCampaignRecipients.contact_id, fromId));
        await tx.update(crmDeals).set({ contact_id: keepId, updated_at: new Date() }).where(eq(crmDeals.contact_id, fromId));
        await tx.update(crmAttendanceLogs).set({ contact_id: keepId }).where(eq(crmAttendanceLogs.contact_id, fromId));
        await tx.update(sessions).set({ customer_id: keepId }).where(eq(sessions.customer_id, fromId));
        await tx.update(contentContacts).set({ crm_contact_id: keepId }).where(eq(contentContacts.crm_contact_id, fromId));
        // Deleted before the update, so the phone or email taken over from it is free under the unique keys.
        await tx.delete(crmContacts).where(eq(crmContacts.id, fromId));
        const [row] = await tx.update(crmContacts).set({ ...changes, updated_at: new Date() }).where(eq(crmContacts.id, keepId)).returning();
        return row!;
      });
    },

    async writeContactBatch(batch: { creates: NewContact[]; updates: { id: string; changes: ContactChanges }[] }): Promise<void> {
      await db.transaction(async (tx) => {
        if (batch.updates.length) await tx.execute(batchUpdate(batch.updates));
        if (batch.creates.length) await tx.insert(crmContacts).values(batch.creates);
      });
      await linkAddressBookToNew(db, batch.creates);
    },

    async getDeal(id: string): Promise<DealRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(crmDeals).where(eq(crmDeals.id, id)).limit(1);
      return row;
    },

    async createDeal(deal: NewDeal): Promise<DealRow> {
      const [row] = await db.insert(crmDeals).values(deal).returning();
      return row!;
    },

    async updateDeal(id: string, changes: DealChanges): Promise<DealRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(crmDeals).set({ ...changes, updated_at: new Date() }).where(eq(crmDeals.id, id)).returning();
      return row;
    },

    async deleteDeal(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (await db.delete(crmDeals).where(eq(crmDeals.id, id)).returning({ id: crmDeals.id })).length > 0;
    },

    async listDealsOfContact(contactId: string): Promise<DealRow[]> {
      return db.select().from(crmDeals).where(eq(crmDeals.contact_id, contactId)).orderBy(asc(crmDeals.created_at));
    },

    async searchDeals(botId: string, filter: DealFilter, page: PageRequest): Promise<{ rows: DealRow[]; total: number }> {
      const where = dealWhere(botId, filter);
      const [rows, [total]] = await Promise.all([
        db.select().from(crmDeals).where(where).orderBy(asc(crmDeals.created_at), asc(crmDeals.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(crmDeals).where(where),
      ]);
      return { rows, total: total!.n };
    },

    async dealsAfter(botId: string, afterId: string | undefined, limit: number): Promise<DealRow[]> {
      return db.select().from(crmDeals)
        .where(and(eq(crmDeals.bot_id, botId), afterId ? gt(crmDeals.id, afterId) : undefined))
        .orderBy(asc(crmDeals.id)).limit(limit);
    },

    /** Adds a stage or, when one has this name, updates its order and probability. */
    async upsertStage(stage: StageFields): Promise<PipelineStageRow> {
      // Names are unique per tenant (migration 0036), a key drizzle's schema does not name: update, else insert.
      const set = { order_index: stage.order_index, probability: stage.probability };
      const [updated] = await db.update(crmPipelineStages).set(set).where(eq(crmPipelineStages.name, stage.name)).returning();
      if (updated) return updated;
      const [inserted] = await db.insert(crmPipelineStages).values(stage).onConflictDoNothing().returning();
      if (inserted) return inserted;
      const [raced] = await db.update(crmPipelineStages).set(set).where(eq(crmPipelineStages.name, stage.name)).returning();
      return raced!;
    },

    /** Stages in pipeline order. */
    async listStages(): Promise<PipelineStageRow[]> {
      return db.select().from(crmPipelineStages).orderBy(asc(crmPipelineStages.order_index), asc(crmPipelineStages.name));
    },

    async getStage(id: string): Promise<PipelineStageRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(crmPipelineStages).where(eq(crmPipelineStages.id, id));
      return row;
    },

    async findStageByName(name: string): Promise<PipelineStageRow | undefined> {
      const [row] = await db.select().from(crmPipelineStages).where(eq(crmPipelineStages.name, name));
      return row;
    },

    async createStage(stage: StageFields): Promise<PipelineStageRow> {
      const [row] = await db.insert(crmPipelineStages).values(stage).returning();
      return row!;
    },

    async updateStage(id: string, changes: Partial<StageFields>): Promise<PipelineStageRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(crmPipelineStages).set(changes).where(eq(crmPipelineStages.id, id)).returning();
      return row;
    },

    async deleteStage(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (await db.delete(crmPipelineStages).where(eq(crmPipelineStages.id, id)).returning({ id: crmPipelineStages.id })).length > 0;
    },

    async reorderStages(ids: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [index, id] of ids.entries()) await tx.update(crmPipelineStages).set({ order_index: index }).where(eq(crmPipelineStages.id, id));
      });
    },
  };
}

export type CrmRepo = ReturnType<typeof createCrmRepo>;
