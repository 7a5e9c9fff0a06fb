import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { engineEvents, messages, outbox } from './schema/index.js';
import type { EventWrite } from './turn-store.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** An outbound message as its provider knows it. */
export interface ProviderMessageKey {
  channel: string;
  bot_id: string;
  provider_message_id: string;
}

/** An outbound transcript message that just failed for good, with the reason kept in the transcript. */
export interface FailedMessage {
  message_id: string;
  session_id: string;
  channel: string;
  sender: string;
  text: string;
  reason: string;
}

/**
 * Builds the domain event a failure is told by; the repository writes it in the failure's own
 * transaction (engine/domain-events.ts), so the failure and its event are never one without the other.
 */
export type FailureEventOf = (failed: FailedMessage) => EventWrite;

/** What a provider reports of a sent message, in the order it happens. */
export type ProviderStatus = 'sent' | 'delivered' | 'read' | 'failed';
const STATUS_RANK: Record<ProviderStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * Runs `fn` in one database transaction, handing it a Database bound to that transaction (to
 * build the repositories on). Keep it to database work: never await effects, HTTP or locks
 * inside, since PGlite has one connection and every other query waits for the transaction.
 */
export function withTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Database));
}

/**
 * The only code that queries the outbox table: outbound messages committed before delivery,
 * each with its delivery state. A row and its transcript message change state together.
 */
export function createOutboxRepo(db: Database) {
  return {
    async insert(row: { message_id: string; session_id: string; channel: string; payload: Record<string, unknown> }): Promise<OutboxRow> {
      const [stored] = await db.insert(outbox).values(row).returning();
      return stored!;
    },

    async findById(id: string): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
      return row;
    },

    /** Rows not yet delivered nor failed, oldest first (start-up re-enqueues them). */
    async listPending(): Promise<{ id: string; session_id: string }[]> {
      return db.select({ id: outbox.id, session_id: outbox.session_id }).from(outbox)
        .where(eq(outbox.state, 'pending')).orderBy(asc(outbox.created_at), asc(outbox.id));
    },

    /** Counts a failed attempt that will be retried, keeping the reason. */
    async recordAttempt(id: string, error: string, nextAttemptAt: Date): Promise<void> {
      await db.update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, last_error: error, next_attempt_at: nextAttemptAt, updated_at: sql`now()` })
        .where(and(eq(outbox.id, id), eq(outbox.state, 'pending')));
    },

    /**
     * Marks the row and its transcript message delivered. False when the row was no longer pending.
     * `providerMessageId` is the provider's id of the sent message, kept on the transcript message
     * so the provider's later delivery statuses find it.
     */
    markDelivered(id: string, providerMessageId?: string): Promise<boolean> {
      return finish(db, id, 'delivered', null, providerMessageId);
    },

    /**
     * A delivery status the provider reported later (sent, delivered, read, failed) for the
     * outbound message it knows by `provider_message_id`: kept in the message's payload as
     * `provider_status` (never going back from read to delivered); `failed` also fails the message
     * and its outbox row with the provider's reason. False when no message has that id.
     */
    async applyProviderStatus(key: ProviderMessageKey, status: ProviderStatus, reason?: string, eventOf?: FailureEventOf): Promise<boolean> {
      return withTransaction(db, async (tx) => {
        const [message] = await tx.select({
          id: messages.id, payload: messages.payload, delivery_state: messages.delivery_state, session_id: messages.session_id,
          channel: messages.channel, sender: messages.sender, text: messages.text,
        }).from(messages)
          .where(and(eq(messages.channel, key.channel), eq(messages.bot_id, key.bot_id), eq(messages.provider_message_id, key.provider_message_id),
            eq(messages.direction, 'outbound')))
          .limit(1);
        if (!message) return false;
        const current = message.payload.provider_status;
        if (status !== 'failed' && typeof current === 'string' && STATUS_RANK[current as ProviderStatus] >= STATUS_RANK[status]) return true;
        const extra = { provider_status: status, ...(reason === undefined ? {} : { delivery_error: reason }) };
        await tx.update(messages)
          .set({ payload: sql`${messages.payload} || ${JSON.stringify(extra)}::jsonb`, ...(status === 'failed' ? { delivery_state: 'failed' as const } : {}) })
          .where(eq(messages.id, message.id));
        if (status === 'failed') {
          await tx.update(outbox).set({ state: 'failed', last_error: reason ?? 'failed', updated_at: sql`now()` }).where(eq(outbox.message_id, message.id));
          if (eventOf && message.delivery_state !== 'failed') {
            await insertEvent(tx, eventOf({
              message_id: message.id, session_id: message.session_id, channel: message.channel, sender: message.sender, text: message.text,
              reason: reason ?? 'failed',
            }));
          }
        }
        return true;
      });
    },

    /** Marks the row and its transcript message failed for good, with the provider's reason (and `eventOf`'s event). */
    markFailed(id: string, reason: string, eventOf?: FailureEventOf): Promise<boolean> {
      return finish(db, id, 'failed', reason, undefined, eventOf);
    },
  };
}

async function finish(
  db: Database, id: string, state: 'delivered' | 'failed', reason: string | null, providerMessageId?: string, eventOf?: FailureEventOf,
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx.update(outbox)
      .set({
        state,
        attempts: sql`${outbox.attempts} + 1`,
        ...(reason === null ? {} : { last_error: reason }),
        ...(state === 'delivered' ? { delivered_at: sql`now()` } : {}),
        updated_at: sql`now()`,
      })
      .where(and(eq(outbox.id, id), eq(outbox.state, 'pending')))
      .returning({ message_id: outbox.message_id });
    if (!row) return false;
    const [message] = await tx.update(messages)
      .set({
        delivery_state: state,
        ...(state === 'delivered' ? { delivered_at: sql`now()` } : {}),
        ...(providerMessageId ? { provider_message_id: providerMessageId } : {}),
        // The provider's reason shows in the transcript (attendants read it there).
        ...(reason === null ? {} : { payload: sql`${messages.payload} || ${JSON.stringify({ delivery_error: reason })}::jsonb` }),
      })
      .where(eq(messages.id, row.message_id))
      .returning({ session_id: messages.session_id, channel: messages.channel, sender: messages.sender, text: messages.text });
    if (eventOf && state === 'failed' && message) await insertEvent(tx, eventOf({ message_id: row.message_id, ...message, reason: reason ?? 'failed' }));
    return true;
  });
}

async function insertEvent(tx: Database, event: EventWrite): Promise<void> {
  await tx.insert(engineEvents).values({ id: event.id, session_id: event.session_id, name: event.name, payload: event.payload });
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
