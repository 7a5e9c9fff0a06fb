import { asc, and, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { crmContacts, crmDeals, crmPipelineStages } from './schema/index.js';

export type ContactRow = typeof crmContacts.$inferSelect;
export type NewContact = Omit<typeof crmContacts.$inferInsert, 'id' | 'created_at' | 'updated_at'>;
export type DealRow = typeof crmDeals.$inferSelect;
export type NewDeal = Omit<typeof crmDeals.$inferInsert, 'id' | 'created_at' | 'updated_at'>;
export type PipelineStageRow = typeof crmPipelineStages.$inferSelect;


/**
 * The CRM records attendance touches: the contact matched to a conversation by phone,
 * deals created from resolved sales tickets, and the pipeline's stages.
 */
export function createCrmRepo(db: Database) {
  return {
    async createContact(contact: NewContact): Promise<ContactRow> {
      const [row] = await db.insert(crmContacts).values(contact).returning();
      return row!;
    },

    async getContact(id: string): Promise<ContactRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(crmContacts).where(eq(crmContacts.id, id)).limit(1);
      return row;
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

    async createDeal(deal: NewDeal): Promise<DealRow> {
      const [row] = await db.insert(crmDeals).values(deal).returning();
      return row!;
    },

    async listDealsOfContact(contactId: string): Promise<DealRow[]> {
      return db.select().from(crmDeals).where(eq(crmDeals.contact_id, contactId)).orderBy(asc(crmDeals.created_at));
    },

    /** Adds a stage or, when one has this name, updates its order and probability. */
    async upsertStage(stage: { name: string; order_index: number; probability: number }): Promise<PipelineStageRow> {
      const [row] = await db.insert(crmPipelineStages).values(stage)
        .onConflictDoUpdate({ target: crmPipelineStages.name, set: { order_index: stage.order_index, probability: stage.probability } })
        .returning();
      return row!;
    },

    /** Stages in pipeline order. */
    async listStages(): Promise<PipelineStageRow[]> {
      return db.select().from(crmPipelineStages).orderBy(asc(crmPipelineStages.order_index), asc(crmPipelineStages.name));
    },
  };
}

export type CrmRepo = ReturnType<typeof createCrmRepo>;
