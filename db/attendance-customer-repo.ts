import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import type { ContactRow } from './crm-repo.js';
import { crmContactIdentities, crmContacts, sessions } from './schema/index.js';
import { isUuid } from './uuid.js';

/** What attendants may change on a contact: its tags and its note (docs/crm.md, "What attendants see"). */
export interface AttendantContactChanges {
  tags?: string[];
  note?: string | null;
}

/** A contact made from what a conversation knows of its customer. */
export interface ContactFromSession {
  bot_id: string;
  first_name: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * The CRM reads and writes of the attendance side: the contact behind a conversation, the tags
 * and note attendants keep on it, and the contact an edit creates for a conversation that has
 * none yet, linked to the session and to the customer's id on the channel.
 */
export function createAttendanceCustomerRepo(db: Database) {
  return {
    async findContact(id: string): Promise<ContactRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(crmContacts).where(eq(crmContacts.id, id)).limit(1);
      return row;
    },

    /** The bot's contact with this E.164 phone or lower-case email (phone first); the oldest when several match. */
    async findByAddress(botId: string, address: { phone: string | null; email: string | null }): Promise<ContactRow | undefined> {
      for (const [column, value] of [[crmContacts.phone, address.phone], [crmContacts.email, address.email]] as const) {
        if (!value) continue;
        const [row] = await db.select().from(crmContacts).where(and(eq(crmContacts.bot_id, botId), eq(column, value)))
          .orderBy(asc(crmContacts.created_at), asc(crmContacts.id)).limit(1);
        if (row) return row;
      }
      return undefined;
    },

    async createContact(contact: ContactFromSession): Promise<ContactRow> {
      const [row] = await db.insert(crmContacts).values(contact).returning();
      return row!;
    },

    /** Writes the tags and note given; the others stay. */
    async updateNotes(contactId: string, changes: AttendantContactChanges): Promise<ContactRow | undefined> {
      const [row] = await db.update(crmContacts)
        .set({
          ...(changes.tags !== undefined ? { tags: changes.tags } : {}),
          ...(changes.note !== undefined ? { note: changes.note } : {}),
          updated_at: sql`now()`,
        })
        .where(eq(crmContacts.id, contactId)).returning();
      return row;
    },

    /** Links the session to the contact (`sessions.customer_id`) and the customer's channel id to it, unless already linked. */
    async linkSession(session: { id: string; bot_id: string; channel: string; external_user_id: string }, contactId: string): Promise<void> {
      await db.update(sessions).set({ customer_id: contactId, updated_at: sql`now()` }).where(eq(sessions.id, session.id));
      await db.insert(crmContactIdentities)
        .values({ bot_id: session.bot_id, contact_id: contactId, channel: session.channel, external_id: session.external_user_id })
        .onConflictDoNothing();
    },
  };
}

export type AttendanceCustomerRepo = ReturnType<typeof createAttendanceCustomerRepo>;
