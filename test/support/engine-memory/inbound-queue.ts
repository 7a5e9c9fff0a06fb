import { randomUUID } from 'node:crypto';
import type { InboundCustomer, InboundQueueRepo, QueuedInbound } from '../../../db/index.js';
import { jsonb, type MemoryTables } from './tables.js';

/** The queue's methods the engine calls (EngineRepositories.inbound). */
export type MemoryInboundQueue = Pick<InboundQueueRepo, 'accept' | 'listPending' | 'remove' | 'markScreened' | 'recordFailure' | 'customersWithPending'>;

/** How long a screened message's id keeps redeliveries out, as db/inbound-queue-repo.ts keeps it. */
const SCREENED_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * db/inbound-queue-repo.ts in memory: a provider message id is queued once per channel and bot
 * (whatever state its row is in), a customer's messages come back in arrival order, and a
 * screened message leaves a tombstone for the providers' redelivery window.
 */
export function createMemoryInboundQueue(tables: MemoryTables): MemoryInboundQueue {
  const find = (id: string) => tables.inbound.find((r) => r.id === id);
  const sameCustomer = (a: InboundCustomer, b: InboundCustomer) =>
    a.channel === b.channel && a.bot === b.bot && a.external_user_id === b.external_user_id;
  return {
    async accept(rows) {
      const customers: InboundCustomer[] = [];
      for (const row of rows) {
        const id = row.provider_message_id ?? null;
        if (id !== null && tables.inbound.some((r) => r.channel === row.channel && r.bot === row.bot && r.provider_message_id === id)) continue;
        tables.inbound.push({
          id: randomUUID(), seq: tables.nextSeq(), channel: row.channel, bot: row.bot, external_user_id: row.external_user_id,
          provider_message_id: id, message: jsonb(row.message), state: 'pending', attempts: 0, last_error: null, accepted_at: tables.now(),
        });
        const customer = { channel: row.channel, bot: row.bot, external_user_id: row.external_user_id };
        if (!customers.some((c) => sameCustomer(c, customer))) customers.push(customer);
      }
      return customers;
    },

    async listPending(customer): Promise<QueuedInbound[]> {
      return tables.inbound
        .filter((r) => r.state === 'pending' && sameCustomer(r, customer))
        .map((r) => ({ id: r.id, message: jsonb(r.message), attempts: r.attempts }));
    },

    async remove(id) {
      const at = tables.inbound.findIndex((r) => r.id === id);
      if (at >= 0) tables.inbound.splice(at, 1);
    },

    async markScreened(id) {
      const row = find(id);
      if (row) Object.assign(row, { state: 'screened', message: {} });
      const oldest = tables.now().getTime() - SCREENED_KEEP_MS;
      for (let i = tables.inbound.length - 1; i >= 0; i--) {
        const r = tables.inbound[i]!;
        if (r.state === 'screened' && r.accepted_at.getTime() < oldest) tables.inbound.splice(i, 1);
      }
    },

    async recordFailure(id, error, final) {
      const row = find(id);
      if (row) Object.assign(row, { attempts: row.attempts + 1, last_error: error, ...(final ? { state: 'failed' } : {}) });
    },

    async customersWithPending() {
      const customers: InboundCustomer[] = [];
      for (const r of tables.inbound) {
        if (r.state !== 'pending' || customers.some((c) => sameCustomer(c, r))) continue;
        customers.push({ channel: r.channel, bot: r.bot, external_user_id: r.external_user_id });
      }
      return customers;
    },
  };
}
