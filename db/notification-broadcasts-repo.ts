import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
import { withTransaction } from './outbox-repo.js';
import { isUuid } from './uuid.js';
import { notificationBroadcasts, notifications, type BroadcastStatus } from './schema/index.js';

export type BroadcastRow = typeof notificationBroadcasts.$inferSelect;
export type NewBroadcast = typeof notificationBroadcasts.$inferInsert;

/** Who a broadcast reaches: every active user, holders of a role, or listed users; optionally only those active since a time. */
export type Audience = ({ kind: 'all' } | { kind: 'role'; role: string } | { kind: 'users'; ids: readonly string[] }) & { active_since?: Date };

/** The only code that queries `notification_broadcasts`, and the fan-out's batch statement. */
export function createNotificationBroadcastsRepo(db: Database) {
  const b = notificationBroadcasts;
  const audienceWhere = (a: Audience): SQL => {
    const parts: SQL[] = [sql`u.is_active`];
    if (a.kind === 'role') parts.push(a.role === 'admin' ? sql`(u.is_admin or 'admin' = any(u.roles))` : sql`${a.role} = any(u.roles)`);
    if (a.kind === 'users') parts.push(sql`u.id = any(${sql.param(a.ids.filter(isUuid))}::uuid[])`);
    if (a.active_since) {
      parts.push(sql`exists (select 1 from notification_activity a where a.user_id = u.id and a.last_active_at >= ${a.active_since.toISOString()}::timestamptz)`);
    }
    return sql.join(parts, sql` and `);
  };

  return {
    /** How many users the audience has now (the answer's `target_count`). */
    async countAudience(audience: Audience): Promise<number> {
      const result = await db.execute(sql`select count(*)::int as n from users u where ${audienceWhere(audience)}`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },

    /** Writes the broadcast and its notification (no deliveries yet: the fan-out adds them). */
    async create(broadcast: NewBroadcast, notification: typeof notifications.$inferInsert): Promise<BroadcastRow> {
      return withTransaction(db, async (tx) => {
        await tx.insert(notifications).values(notification);
        const [row] = await tx.insert(b).values(broadcast).returning();
        return row!;
      });
    },

    async get(id: string): Promise<BroadcastRow | undefined> {
      const [row] = await db.select().from(b).where(eq(b.id, id)).limit(1);
      return row;
    },

    async findByIdempotencyKey(senderId: string, key: string): Promise<BroadcastRow | undefined> {
      const [row] = await db.select().from(b).where(and(eq(b.sender_id, senderId), eq(b.idempotency_key, key))).limit(1);
      return row;
    },

    /** Moves the broadcast to `to` only from one of `from`; false when it was elsewhere (a race, or already done). */
    async transition(id: string, from: readonly BroadcastStatus[], to: BroadcastStatus): Promise<boolean> {
      const rows = await db.update(b).set({ status: to }).where(and(eq(b.id, id), inArray(b.status, [...from]))).returning({ id: b.id });
      return rows.length > 0;
    },

    /** Broadcasts still to send or half sent: what start-up re-enqueues. */
    async unfinished(): Promise<BroadcastRow[]> {
      return db.select().from(b).where(inArray(b.status, ['scheduled', 'sending']));
    },

    async deleteNotification(notificationId: string): Promise<void> {
      await db.delete(notifications).where(eq(notifications.id, notificationId));
    },

    /**
     * One fan-out step, in one statement: the next `size` users of the audience after the
     * broadcast's cursor get a delivery row (`delivered` now for in_app, `pending` otherwise), the
     * cursor moves past them and the notification's recipient count grows. A crash leaves either
     * the whole step or none of it, so a resumed fan-out neither skips nor repeats anyone.
     */
    async fanOutBatch(input: {
      broadcast_id: string; notification_id: string; channel: string; delivered: boolean; audience: Audience; cursor: string | null; size: number;
    }): Promise<string[]> {
      const after = input.cursor === null ? sql`true` : sql`u.id > ${input.cursor}::uuid`;
      const status = input.delivered ? 'delivered' : 'pending';
      const result = await db.execute(sql`
        with batch as (
          select u.id from users u where ${audienceWhere(input.audience)} and ${after} order by u.id limit ${input.size}
        ), ins as (
          insert into notification_deliveries (notification_id, recipient_id, channel, status, delivered_at)
          select ${input.notification_id}, id, ${input.channel}, ${status}, ${input.delivered ? sql`now()` : sql`null`} from batch
          on conflict do nothing
        ), moved as (
          update notification_broadcasts set cursor = (select id from batch order by id desc limit 1)
          where id = ${input.broadcast_id} and exists (select 1 from batch)
        ), counted as (
          update notifications set recipients_count = recipients_count + (select count(*) from batch)
          where id = ${input.notification_id} and exists (select 1 from batch)
        )
        select id from batch`);
      return rowsOf<{ id: string }>(result).map((r) => r.id);
    },
  };
}

export type NotificationBroadcastsRepo = ReturnType<typeof createNotificationBroadcastsRepo>;
