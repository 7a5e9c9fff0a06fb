import type { ContactRow, DealRow, NewContact, NewDeal, PipelineStageRow } from '../db/index.js';

export type { ContactRow, DealRow, NewContact, NewDeal, PipelineStageRow };

/** The writable columns of a contact (bot and timestamps excepted). */
export type ContactFields = Omit<NewContact, 'bot_id' | 'org_id'>;
export type DealFields = Omit<NewDeal, 'bot_id'>;
export interface StageFields { name: string; order_index: number; probability: number }

/** What a contact search filters on; every given filter must hold. */
export interface ContactFilter {
  /** Part of the first name, last name, or "first last" (case-insensitive). */
  name?: string;
  /** Exact E.164 phone. */
  phone?: string;
  /** Exact lower-case email. */
  email?: string;
  tag?: string;
  tier?: string;
  owner_id?: string;
}

export interface DealFilter { stage?: string; contact_id?: string; owner_id?: string }

/** One page: `offset` = (page − 1) × limit. */
export interface PageRequest { limit: number; offset: number }

/**
 * The contacts of the CRM: what the contact use cases need and nothing more, so they run on the
 * in-memory store in unit tests and on `db/crm-repo.ts` in the service.
 */
export interface ContactsStore {
  getContact(id: string): Promise<ContactRow | undefined>;
  createContact(contact: NewContact): Promise<ContactRow>;
  updateContact(id: string, changes: Partial<ContactFields>): Promise<ContactRow | undefined>;
  deleteContact(id: string): Promise<boolean>;
  /** The bot's contacts holding any of these phones or emails (duplicates and re-imports). */
  findContactsByKeys(botId: string, keys: { phones: readonly string[]; emails: readonly string[] }): Promise<ContactRow[]>;
  searchContacts(botId: string, filter: ContactFilter, page: PageRequest): Promise<{ rows: ContactRow[]; total: number }>;
  /** The bot's contacts after `afterId` in id order: the keyset pages of a streamed export. */
  contactsAfter(botId: string, afterId: string | undefined, limit: number): Promise<ContactRow[]>;
  /**
   * Merges `fromId` into `keepId` in one transaction: everything pointing at `fromId` (channel
   * identities, deals, attendance logs, sessions, campaign recipients, address-book cards) moves to
   * `keepId`, `fromId` is deleted, then `keep` takes `changes`.
   */
  mergeContacts(keepId: string, fromId: string, changes: Partial<ContactFields>): Promise<ContactRow>;
  /** Writes one batch of an import in one transaction. */
  writeContactBatch(batch: { creates: NewContact[]; updates: { id: string; changes: Partial<ContactFields> }[] }): Promise<void>;
}

export interface DealsStore {
  getDeal(id: string): Promise<DealRow | undefined>;
  createDeal(deal: NewDeal): Promise<DealRow>;
  updateDeal(id: string, changes: Partial<DealFields>): Promise<DealRow | undefined>;
  deleteDeal(id: string): Promise<boolean>;
  searchDeals(botId: string, filter: DealFilter, page: PageRequest): Promise<{ rows: DealRow[]; total: number }>;
  dealsAfter(botId: string, afterId: string | undefined, limit: number): Promise<DealRow[]>;
}

export interface StagesStore {
  listStages(): Promise<PipelineStageRow[]>;
  getStage(id: string): Promise<PipelineStageRow | undefined>;
  findStageByName(name: string): Promise<PipelineStageRow | undefined>;
  createStage(stage: StageFields): Promise<PipelineStageRow>;
  updateStage(id: string, changes: Partial<StageFields>): Promise<PipelineStageRow | undefined>;
  deleteStage(id: string): Promise<boolean>;
  /** Sets each stage's order_index to its position in `ids`, in one transaction. */
  reorderStages(ids: readonly string[]): Promise<void>;
}

/** Every store of the CRM API. */
export type CrmStores = ContactsStore & DealsStore & StagesStore;
