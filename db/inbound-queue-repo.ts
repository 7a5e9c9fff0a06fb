import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { inboundQueue } from './schema/index.js';

/** How long a screened message's id keeps redeliveries out: the providers retry a webhook for up to a week. */
const SCREENED_KEEP_DAYS = 7;

/** A provider message to store until its turn has run. */
export interface InboundQueueWrite {
  channel: string;
  bot: string;
  external_user_id: string;
  provider_message_id?: string;
  message: Record<string, unknown>;
}

/** One customer of one bot on one channel: whose queued messages run together, in order. */
export interface InboundCustomer {
  channel: string;
  bot: string;
  external_user_id: string;
}

export interface QueuedInbound {
  id: string;
  message: Record<string, unknown>;
  attempts: number;
}

/** The only code that touches inbound_queue (db/schema/inbound-queue.ts). */
export function createInboundQueueRepo(db: Database) {
  return {
    /**
     * Stores the messages in one statement; a provider message id already queued is skipped.
     * Resolves to the customers whose messages were stored (each once).
     */
    async accept(rows: readonly InboundQueueWrite[]): Promise<InboundCustomer[]> {
      if (!rows.length) return [];
      const stored = await db.insert(inboundQueue).values(rows.map((r) => ({ ...r, provider_message_id: r.provider_message_id ?? null })))
        .onConflictDoNothing()
        .returning({ channel: inboundQueue.channel, bot: inboundQueue.bot, external_user_id: inboundQueue.external_user_id });
      const customers = new Map(stored.map((c) => [`${c.channel}\u0000${c.bot}\u0000${c.external_user_id}`, c]));
      return [...customers.values()];
    },

    /** The customer's pending messages, in arrival order. */
    async listPending(customer: InboundCustomer): Promise<QueuedInbound[]> {
      return db.select({ id: inboundQueue.id, message: inboundQueue.message, attempts: inboundQueue.attempts })
        .from(inboundQueue)
        .where(and(
          eq(inboundQueue.channel, customer.channel), eq(inboundQueue.bot, customer.bot),
          eq(inboundQueue.external_user_id, customer.external_user_id), eq(inboundQueue.state, 'pending'),
        ))
        .orderBy(asc(inboundQueue.seq));
    },

    /** The message's turn committed (or it was a duplicate): it leaves the queue. */
    async remove(id: string): Promise<void> {
      await db.delete(inboundQueue).where(eq(inboundQueue.id, id));
    },

    /**
     * The message was handled before any turn (the screen answered it): its row stays as a
     * tombstone, so the provider's redelivery of the same id is skipped by `accept`. Tombstones
     * older than the providers' redelivery window go at the same time.
     */
    async markScreened(id: string): Promise<void> {
      await db.update(inboundQueue).set({ state: 'screened', message: {} }).where(eq(inboundQueue.id, id));
      await db.delete(inboundQueue)
        .where(and(eq(inboundQueue.state, 'screened'), lt(inboundQueue.accepted_at, sql`now() - make_interval(days => ${SCREENED_KEEP_DAYS})`)));
    },

    /** Counts a failed attempt; `final` sets the message aside as `failed`, with the reason. */
    async recordFailure(id: string, error: string, final: boolean): Promise<void> {
      await db.update(inboundQueue)
        .set({ attempts: sql`${inboundQueue.attempts} + 1`, last_error: error, ...(final ? { state: 'failed' as const } : {}) })
        .where(eq(inboundQueue.id, id));
    },

    /** Customers with messages still pending (start-up hands them out again). */
    async customersWithPending(): Promise<InboundCustomer[]> {
      return db.selectDistinct({ channel: inboundQueue.channel, bot: inboundQueue.bot, external_user_id: inboundQueue.external_user_id })
        .from(inboundQueue).where(eq(inboundQueue.state, 'pending'));
    },
  };
}

export type InboundQueueRepo = ReturnType<typeof createInboundQueueRepo>;
