import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { withTransaction } from './outbox-repo.js';
import { deliveryReceipts, messages, outbox, sessions } from './schema/index.js';

/** A provider's word on a message it accepted, as a status callback reports it. */
export interface DeliveryStatusUpdate {
  channel: string;
  provider_message_id: string;
  status: string;
  error_code?: string | null;
  /** The provider gave up on the message (Twilio `undelivered`, `failed`): the message becomes failed. */
  failed: boolean;
}

/**
 * The only code that queries delivery receipts (db/schema/channel-deliveries.ts), and the
 * session's `unreachable` mark a provider's refusal sets (docs/channels/bot_msg.md).
 */
export function createDeliveryReceiptsRepo(db: Database) {
  return {
    /** The provider accepted an outbox row's message under `provider_message_id`. */
    async recordAccepted(row: { channel: string; provider_message_id: string; outbox_id: string; status: string }): Promise<void> {
      await db.insert(deliveryReceipts).values(row).onConflictDoNothing();
    },

    /**
     * Applies a status callback; a failure also fails the outbox row and its transcript message,
     * with the error code as the reason. False when the provider id is unknown.
     */
    async updateStatus(update: DeliveryStatusUpdate): Promise<boolean> {
      return withTransaction(db, async (tx) => {
        const [receipt] = await tx.update(deliveryReceipts)
          .set({ status: update.status, error_code: update.error_code ?? null, updated_at: sql`now()` })
          .where(and(eq(deliveryReceipts.channel, update.channel), eq(deliveryReceipts.provider_message_id, update.provider_message_id)))
          .returning({ outbox_id: deliveryReceipts.outbox_id });
        if (!receipt) return false;
        if (!update.failed) return true;
        const reason = `${update.status}${update.error_code ? ` (error ${update.error_code})` : ''}`;
        const [row] = await tx.update(outbox).set({ state: 'failed', last_error: reason, updated_at: sql`now()` })
          .where(eq(outbox.id, receipt.outbox_id)).returning({ message_id: outbox.message_id });
        if (row) await tx.update(messages).set({ delivery_state: 'failed' }).where(eq(messages.id, row.message_id));
        return true;
      });
    },

    /** The latest status of a provider message, for tests and support. */
    async find(channel: string, providerMessageId: string) {
      const [row] = await db.select().from(deliveryReceipts)
        .where(and(eq(deliveryReceipts.channel, channel), eq(deliveryReceipts.provider_message_id, providerMessageId))).limit(1);
      return row;
    },

    /**
     * Marks a session whose customer cannot be reached (blocked the bot): `unreachable`,
     * `unreachable_reason` and `unreachable_at` in context_data. The version moves, as for any
     * write outside a turn (db/sessions-repo.ts).
     */
    async markUnreachable(sessionId: string, reason: string, at: Date): Promise<void> {
      const patch = { unreachable: true, unreachable_reason: reason, unreachable_at: at.toISOString() };
      await db.update(sessions)
        .set({ context_data: sql`${sessions.context_data} || ${JSON.stringify(patch)}::jsonb`, version: sql`${sessions.version} + 1`, updated_at: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },
  };
}

export type DeliveryReceiptsRepo = ReturnType<typeof createDeliveryReceiptsRepo>;
