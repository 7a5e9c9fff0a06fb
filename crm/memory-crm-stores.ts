import { randomUUID } from 'node:crypto';
import { ConflictError } from '../infra/errors.js';
import type { ContactFilter, ContactRow, CrmStores, DealFilter, DealRow, NewContact, PipelineStageRow } from './crm-ports.js';

/**
 * The CRM's stores in memory, for the use cases' unit tests: same contract as `db/crm-repo.ts`,
 * unique phone and email per bot included. Records of other areas moved by a merge (sessions,
 * attendance logs…) do not exist here.
 */
export function createMemoryCrmStores(): CrmStores & { contacts: Map<string, ContactRow>; deals: Map<string, DealRow> } {
  const contacts = new Map<string, ContactRow>();
  const deals = new Map<string, DealRow>();
  const stages = new Map<string, PipelineStageRow>();
  const page = <T>(rows: T[], p: { limit: number; offset: number }) => ({ rows: rows.slice(p.offset, p.offset + p.limit), total: rows.length });
  const checkUnique = (row: ContactRow) => {
    for (const other of contacts.values()) {
      if (other.id === row.id || other.bot_id !== row.bot_id) continue;
      if ((row.phone && other.phone === row.phone) || (row.email && other.email === row.email)) throw new ConflictError('This already exists');
    }
  };
  const newContact = (c: NewContact): ContactRow => {
    const now = new Date();
    return {
      id: randomUUID(), org_id: null, bot_id: null, first_name: null, last_name: null, email: null, phone: null, owner_id: null, tier: null, ltv: null,
      last_purchase: null, tags: [], custom_fields: {}, note: null, unsubscribed_at: null, created_at: now, updated_at: now, ...c,
    } as ContactRow;
  };
  const matches = (c: ContactRow, f: ContactFilter) => {
    const name = `${c.first_name ?? ''} ${c.last_name ?? ''}`.toLowerCase();
    return (!f.name || name.includes(f.name.toLowerCase())) && (!f.phone || c.phone === f.phone) && (!f.email || c.email === f.email)
      && (!f.tag || c.tags.includes(f.tag)) && (!f.tier || c.tier === f.tier) && (!f.owner_id || c.owner_id === f.owner_id);
  };
  const dealMatches = (d: DealRow, f: DealFilter) =>
    (!f.stage || d.stage === f.stage) && (!f.contact_id || d.contact_id === f.contact_id) && (!f.owner_id || d.owner_id === f.owner_id);
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  return {
    contacts,
    deals,
    getContact: async (id) => contacts.get(id),
    async createContact(c) {
      const row = newContact(c);
      checkUnique(row);
      contacts.set(row.id, row);
      return row;
    },
    async updateContact(id, changes) {
      const old = contacts.get(id);
      if (!old) return undefined;
      const row = { ...old, ...changes, updated_at: new Date() } as ContactRow;
      checkUnique(row);
      contacts.set(id, row);
      return row;
    },
    deleteContact: async (id) => contacts.delete(id),
    findContactsByKeys: async (botId, keys) =>
      [...contacts.values()].filter((c) => c.bot_id === botId && ((c.phone && keys.phones.includes(c.phone)) || (c.email && keys.emails.includes(c.email)))),
    searchContacts: async (botId, filter, p) => page([...contacts.values()].filter((c) => c.bot_id === botId && matches(c, filter)), p),
    contactsAfter: async (botId, afterId, limit) =>
      [...contacts.values()].filter((c) => c.bot_id === botId && (!afterId || c.id > afterId)).sort(byId).slice(0, limit),
    async mergeContacts(keepId, fromId, changes) {
      for (const deal of deals.values()) if (deal.contact_id === fromId) deal.contact_id = keepId;
      contacts.delete(fromId);
      const row = { ...contacts.get(keepId)!, ...changes, updated_at: new Date() } as ContactRow;
      checkUnique(row);
      contacts.set(keepId, row);
      return row;
    },
    async writeContactBatch({ creates, updates }) {
      for (const { id, changes } of updates) await this.updateContact(id, changes);
      for (const c of creates) await this.createContact(c);
    },
    getDeal: async (id) => deals.get(id),
    async createDeal(d) {
      const now = new Date();
      const row = { id: randomUUID(), bot_id: null, value: null, stage: null, contact_id: null, owner_id: null, campaign_id: null, created_at: now, updated_at: now, ...d } as DealRow;
      deals.set(row.id, row);
      return row;
    },
    async updateDeal(id, changes) {
      const old = deals.get(id);
      if (!old) return undefined;
      const row = { ...old, ...changes, updated_at: new Date() } as DealRow;
      deals.set(id, row);
      return row;
    },
    deleteDeal: async (id) => deals.delete(id),
    searchDeals: async (botId, filter, p) => page([...deals.values()].filter((d) => d.bot_id === botId && dealMatches(d, filter)), p),
    dealsAfter: async (botId, afterId, limit) =>
      [...deals.values()].filter((d) => d.bot_id === botId && (!afterId || d.id > afterId)).sort(byId).slice(0, limit),
    listStages: async () => [...stages.values()].sort((a, b) => a.order_index - b.order_index || a.name.localeCompare(b.name)),
    getStage: async (id) => stages.get(id),
    findStageByName: async (name) => [...stages.values()].find((s) => s.name === name),
    async createStage(s) {
      if ([...stages.values()].some((o) => o.name === s.name)) throw new ConflictError('This already exists');
      const row = { id: randomUUID(), ...s };
      stages.set(row.id, row);
      return row;
    },
    async updateStage(id, changes) {
      const old = stages.get(id);
      if (!old) return undefined;
      const row = { ...old, ...changes };
      stages.set(id, row);
      return row;
    },
    deleteStage: async (id) => stages.delete(id),
    async reorderStages(ids) {
      ids.forEach((id, index) => { const s = stages.get(id); if (s) s.order_index = index; });
    },
  };
}
