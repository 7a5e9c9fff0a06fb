import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
import { withTransaction } from './outbox-repo.js';
import { isUuid } from './uuid.js';
import { notificationDeliveries, notifications, users, type DeliveryStatus, type NotificationStatus } from './schema/index.js';

export type { NotificationStatus };

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type NewDelivery = Omit<typeof notificationDeliveries.$inferInsert, 'notification_id'>;

/** Which notifications a list returns: those `visible_to` sent or still has in the inbox, newest first. */
export interface NotificationFilter {
  visible_to: string;
  status?: NotificationStatus;
  channel?: string;
  start_date?: Date;
  end_date?: Date;
  offset: number;
  limit: number;
}

/** One notification of a daily digest. */
export interface DigestItem {
  notification_id: string;
  title: string;
  message: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** What a delivery attempt wrote. */
export interface DeliveryOutcome {
  status: DeliveryStatus;
  reason?: string | null;
  delivered_at?: Date | null;
  deliver_after?: Date | null;
}

/** The only code that queries `notifications` and `notification_deliveries`. */
export function createNotificationsRepo(db: Database) {
  const n = notifications;
  const d = notificationDeliveries;
  const inInbox = (userId: string) =>
    sql`exists (select 1 from ${d} where ${d.notification_id} = ${n.id} and ${d.recipient_id} = ${userId} and ${d.deleted_at} is null)`;

  return {
    /** The ids among `ids` that are active users; non-UUIDs are never users. */
    async knownUsers(ids: readonly string[]): Promise<Set<string>> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return new Set();
      const rows = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, valid), eq(users.is_active, true)));
      return new Set(rows.map((r) => r.id));
    },

    /** Username and email of each user id (what channel senders address). */
    async contacts(ids: readonly string[]): Promise<Map<string, { id: string; username: string; email: string }>> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return new Map();
      const rows = await db.select({ id: users.id, username: users.username, email: users.email }).from(users).where(inArray(users.id, valid));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Writes the notification and its pending deliveries together. */
    async create(row: NewNotification, deliveries: readonly NewDelivery[]): Promise<NotificationRow> {
      return withTransaction(db, async (tx) => {
        const [created] = await tx.insert(n).values(row).returning();
        for (let i = 0; i < deliveries.length; i += 1000) {
          await tx.insert(d).values(deliveries.slice(i, i + 1000).map((x) => ({ ...x, notification_id: created!.id })));
        }
        return created!;
      });
    },

    async get(id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(n).where(eq(n.id, id)).limit(1);
      return row;
    },

    async setStatus(id: string, status: NotificationStatus): Promise<void> {
      await db.update(n).set({ status }).where(eq(n.id, id));
    },

    async findByIdempotencyKey(senderId: string, key: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(n).where(and(eq(n.sender_id, senderId), eq(n.idempotency_key, key))).limit(1);
      return row;
    },

    /** Deliveries of a notification, optionally only one recipient's (and then only while not deleted). */
    async deliveries(id: string, recipientId?: string): Promise<DeliveryRow[]> {
      const where = recipientId === undefined ? eq(d.notification_id, id)
        : and(eq(d.notification_id, id), eq(d.recipient_id, recipientId), isNull(d.deleted_at));
      return db.select().from(d).where(where).orderBy(d.recipient_id, d.channel);
    },

    /** Deliveries still pending whose time has come (no `deliver_after`, or it has passed), at most `limit`. */
    async duePending(id: string, now: Date, limit = 10_000): Promise<DeliveryRow[]> {
      return db.select().from(d).where(and(
        eq(d.notification_id, id), eq(d.status, 'pending'),
        or(isNull(d.deliver_after), lte(d.deliver_after, now)),
      )).orderBy(d.recipient_id, d.channel).limit(limit);
    },

    /** Notifications with pending deliveries and when the earliest is due: what start-up re-enqueues. */
    async pendingNotifications(): Promise<{ id: string; due: Date | null }[]> {
      const rows = await db.select({ id: d.notification_id, due: sql<string | null>`min(${d.deliver_after})` })
        .from(d).where(eq(d.status, 'pending')).groupBy(d.notification_id);
      return rows.map((r) => ({ id: r.id, due: r.due === null ? null : new Date(r.due) }));
    },

    /** Records one attempt's outcome, only if the row is still pending (a job may run twice). */
    async settle(id: string, recipientId: string, channel: string, outcome: DeliveryOutcome): Promise<boolean> {
      const rows = await db.update(d).set({
        status: outcome.status,
        reason: outcome.reason ?? null,
        delivered_at: outcome.delivered_at ?? null,
        deliver_after: outcome.deliver_after ?? null,
      }).where(and(eq(d.notification_id, id), eq(d.recipient_id, recipientId), eq(d.channel, channel), eq(d.status, 'pending')))
        .returning({ id: d.notification_id });
      return rows.length > 0;
    },

    /** Defers a pending delivery (quiet hours); it stays pending. */
    async defer(id: string, recipientId: string, channel: string, until: Date): Promise<void> {
      await db.update(d).set({ deliver_after: until })
        .where(and(eq(d.notification_id, id), eq(d.recipient_id, recipientId), eq(d.channel, channel), eq(d.status, 'pending')));
    },

    /**
     * Sets the notification's status from its deliveries (docs/notifications.md, "States"): queued
     * while any is pending, else delivered when every one was, partially_delivered when some were,
     * else expired when all expired, else failed. One statement, so concurrent runs cannot
     * interleave a read and a write.
     */
    async refreshStatus(id: string): Promise<NotificationStatus | undefined> {
      const [row] = await db.update(n).set({
        status: sql`(select case
          when bool_or(${d.status} = 'pending') then 'queued'
          when bool_and(${d.status} = 'delivered') then 'delivered'
          when bool_or(${d.status} = 'delivered') then 'partially_delivered'
          when bool_and(${d.status} = 'expired') then 'expired'
          else 'failed' end from ${d} where ${d.notification_id} = ${id})`,
      }).where(and(eq(n.id, id), sql`exists (select 1 from ${d} where ${d.notification_id} = ${id})`)).returning({ status: n.status });
      return row?.status;
    },

    async list(filter: NotificationFilter): Promise<{ rows: NotificationRow[]; total: number }> {
      const parts: SQL[] = [];
      parts.push(isUuid(filter.visible_to) ? or(eq(n.sender_id, filter.visible_to), inInbox(filter.visible_to))! : sql`false`);
      if (filter.status) parts.push(eq(n.status, filter.status));
      if (filter.channel) parts.push(sql`${filter.channel} = any(${n.channels})`);
      if (filter.start_date) parts.push(gte(n.created_at, filter.start_date));
      if (filter.end_date) parts.push(lte(n.created_at, filter.end_date));
      const where = and(...parts);
      const [rows, [total]] = await Promise.all([
        db.select().from(n).where(where).orderBy(desc(n.created_at), desc(n.id)).limit(filter.limit).offset(filter.offset),
        db.select({ n: count() }).from(n).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Marks the recipient's copy read (once: the first read_at stays); undefined when it is not in their inbox. */
    async markRead(id: string, recipientId: string, at: Date): Promise<Date | undefined> {
      if (!isUuid(recipientId)) return undefined;
      const rows = await db.update(d).set({ read_at: sql`coalesce(${d.read_at}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(d.notification_id, id), eq(d.recipient_id, recipientId), isNull(d.deleted_at)))
        .returning({ read_at: d.read_at });
      return rows[0]?.read_at ?? undefined;
    },

    /** Removes it from the recipient's inbox; false when it was not there. */
    async removeFromInbox(id: string, recipientId: string, at: Date): Promise<boolean> {
      if (!isUuid(recipientId)) return false;
      const rows = await db.update(d).set({ deleted_at: at })
        .where(and(eq(d.notification_id, id), eq(d.recipient_id, recipientId), isNull(d.deleted_at)))
        .returning({ id: d.notification_id });
      return rows.length > 0;
    },

    /** Records the first click of a recipient; false when they are not a recipient. */
    async markClicked(id: string, recipientId: string, at: Date, action: string | null): Promise<boolean> {
      if (!isUuid(recipientId)) return false;
      const rows = await db.update(d).set({ clicked_at: sql`coalesce(${d.clicked_at}, ${at.toISOString()}::timestamptz)`, action })
        .where(and(eq(d.notification_id, id), eq(d.recipient_id, recipientId)))
        .returning({ id: d.notification_id });
      return rows.length > 0;
    },

    /**
     * Takes a user's email copies waiting for the daily digest (pending, deferred to a time that has
     * come, of notifications not expired) by writing them `delivered` at `now`, and answers what they
     * say, oldest first. Whoever takes them sends the digest; a second run finds none.
     */
    async claimDigest(recipientId: string, now: Date): Promise<DigestItem[]> {
      if (!isUuid(recipientId)) return [];
      const at = now.toISOString();
      const result = await db.execute(sql`
        update ${d} set status = 'delivered', delivered_at = ${at}::timestamptz
        from ${n}
        where ${d.notification_id} = ${n.id} and ${d.recipient_id} = ${recipientId} and ${d.channel} = 'email'
          and ${d.status} = 'pending' and ${d.deliver_after} <= ${at}::timestamptz
          and (${n.expires_at} is null or ${n.expires_at} > ${at}::timestamptz)
        returning ${d.notification_id} as notification_id, coalesce(${d.title}, ${n.title}) as title,
          coalesce(${d.message}, ${n.message}) as message, ${n.data} as data, ${n.created_at} as created_at`);
      return rowsOf<DigestItem & { created_at: string | Date }>(result)
        .map((r) => ({ ...r, created_at: new Date(r.created_at) }))
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    },

    /** Gives claimed digest copies back (the digest could not be sent): pending again, due at once. */
    async releaseDigest(recipientId: string, notificationIds: readonly string[]): Promise<void> {
      if (notificationIds.length === 0) return;
      await db.update(d).set({ status: 'pending', delivered_at: null })
        .where(and(eq(d.recipient_id, recipientId), eq(d.channel, 'email'), eq(d.status, 'delivered'), inArray(d.notification_id, [...notificationIds])));
    },

    /** In-app notifications delivered to the user and neither read nor deleted. */
    async unreadCount(userId: string): Promise<number> {
      if (!isUuid(userId)) return 0;
      const [row] = await db.select({ n: count() }).from(d).where(and(
        eq(d.recipient_id, userId), eq(d.channel, 'in_app'), eq(d.status, 'delivered'), isNull(d.read_at), isNull(d.deleted_at),
      ));
      return row?.n ?? 0;
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
