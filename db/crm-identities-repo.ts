import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
import { crmContactIdentities, crmContacts } from './schema/index.js';

/** A contact's whole row. */
export type CrmContactRow = typeof crmContacts.$inferSelect;
/** The fields a script may change on a contact. */
export type CrmContactFields = Partial<Pick<CrmContactRow,
  'first_name' | 'last_name' | 'email' | 'phone' | 'tier' | 'ltv' | 'last_purchase' | 'note' | 'custom_fields'>>;

/** A contact as matching needs it: who they are and how to reach them. */
export interface MatchedContact {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  /** Which key found the contact (a created contact: `created`). */
  matched_by: 'identity' | 'phone' | 'email' | 'created';
}

/** How a conversation's customer is looked for: any of these, each optional (phone E.164, email lower case). */
export interface ContactKeys {
  bot_id: string;
  phone?: string | undefined;
  email?: string | undefined;
  identity?: { channel: string; external_id: string } | undefined;
}

/** A contact to create with the customer's channel identity. */
export interface NewMatchedContact {
  bot_id: string;
  first_name?: string | undefined;
  last_name?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  identity?: { channel: string; external_id: string } | undefined;
}

/**
 * The contacts' channel identities (`crm_contact_identities`) and the look-up of a conversation's
 * contact by them, phone or email (docs/crm.md, "Matching a conversation to its contact"): one
 * statement each, since matching runs in a customer's first turn.
 */
export function createCrmIdentitiesRepo(db: Database) {
  return {
    /**
     * The contact of these keys: the one the channel identity names first, then the one with the
     * phone, then the one with the email; the oldest among equals, so the match is stable.
     */
    async find(keys: ContactKeys): Promise<MatchedContact | undefined> {
      const byIdentity = keys.identity
        ? sql`c.id in (select i.contact_id from ${crmContactIdentities} i
            where i.bot_id = ${keys.bot_id} and i.channel = ${keys.identity.channel} and i.external_id = ${keys.identity.external_id})`
        : sql`false`;
      const byPhone = keys.phone ? sql`c.phone = ${keys.phone}` : sql`false`;
      const byEmail = keys.email ? sql`c.email = ${keys.email}` : sql`false`;
      const rows = rowsOf<MatchedContact>(await db.execute(sql`
        select c.id, c.first_name, c.last_name, c.email, c.phone,
          case when ${byIdentity} then 'identity' when ${byPhone} then 'phone' else 'email' end as matched_by
        from ${crmContacts} c
        where c.bot_id = ${keys.bot_id} and (${byIdentity} or ${byPhone} or ${byEmail})
        order by case when ${byIdentity} then 0 when ${byPhone} then 1 else 2 end, c.created_at, c.id
        limit 1`));
      return rows[0];
    },

    /** Records that `contact_id` is this channel identity; nothing when the identity is already someone's. */
    async addIdentity(botId: string, contactId: string, identity: { channel: string; external_id: string }): Promise<void> {
      await db.insert(crmContactIdentities)
        .values({ bot_id: botId, contact_id: contactId, channel: identity.channel, external_id: identity.external_id })
        .onConflictDoNothing();
    },

    /**
     * Creates the contact and its identity in one statement. When another turn created a contact
     * with the same phone or email meanwhile (the unique indexes refuse this one), nothing is
     * written and the answer is undefined: the caller looks again.
     */
    async create(contact: NewMatchedContact): Promise<MatchedContact | undefined> {
      const identity = contact.identity;
      const rows = rowsOf<MatchedContact>(await db.execute(sql`
        with c as (
          insert into ${crmContacts} (bot_id, first_name, last_name, phone, email)
          values (${contact.bot_id}::uuid, ${contact.first_name ?? null}, ${contact.last_name ?? null}, ${contact.phone ?? null}, ${contact.email ?? null})
          on conflict do nothing
          returning id, first_name, last_name, email, phone),
        i as (
          insert into ${crmContactIdentities} (bot_id, contact_id, channel, external_id)
          select ${contact.bot_id}::uuid, c.id, ${identity?.channel ?? null}::text, ${identity?.external_id ?? null}::text from c
          where ${identity ? sql`true` : sql`false`}
          on conflict do nothing)
        select c.*, 'created' as matched_by from c`));
      return rows[0];
    },

    /** The bot's contact with this id, whole. */
    async contact(botId: string, id: string): Promise<CrmContactRow | undefined> {
      const [row] = await db.select().from(crmContacts).where(and(eq(crmContacts.id, id), eq(crmContacts.bot_id, botId))).limit(1);
      return row;
    },

    /**
     * Changes the bot's contact; `custom_fields` are merged key by key (a null value removes the
     * key). Throws the database's unique violation when another contact has the phone or email.
     */
    async updateContact(botId: string, id: string, fields: CrmContactFields): Promise<CrmContactRow | undefined> {
      const { custom_fields: custom, ...plain } = fields;
      const [row] = await db.update(crmContacts).set({
        ...plain, updated_at: sql`now()`,
        ...(custom ? { custom_fields: sql`jsonb_strip_nulls(${crmContacts.custom_fields} || ${JSON.stringify(custom)}::jsonb)` } : {}),
      }).where(and(eq(crmContacts.id, id), eq(crmContacts.bot_id, botId))).returning();
      return row;
    },

    /** Adds a tag (already normalised) to the bot's contact unless it has it. */
    async addTag(botId: string, id: string, tag: string): Promise<CrmContactRow | undefined> {
      const [row] = await db.update(crmContacts).set({
        tags: sql`case when ${tag} = any(${crmContacts.tags}) then ${crmContacts.tags} else array_append(${crmContacts.tags}, ${tag}::text) end`,
        updated_at: sql`now()`,
      }).where(and(eq(crmContacts.id, id), eq(crmContacts.bot_id, botId))).returning();
      return row;
    },
  };
}

export type CrmIdentitiesRepo = ReturnType<typeof createCrmIdentitiesRepo>;
