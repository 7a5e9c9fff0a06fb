import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { attendanceQueueHours } from './schema/index.js';

/** A queue's stored business hours and automatic replies. */
export type QueueHoursRow = typeof attendanceQueueHours.$inferSelect;
/** What a put writes (the whole row but its timestamp). */
export type QueueHoursWrite = Omit<QueueHoursRow, 'updated_at'>;

/** The only code that queries `attendance_queue_hours` (docs/attendance/business-hours.md). */
export function createQueueHoursRepo(db: Database) {
  return {
    /** The queue's hours, or undefined when it has none (always open). */
    async get(queueId: string): Promise<QueueHoursRow | undefined> {
      if (!isUuid(queueId)) return undefined;
      const [row] = await db.select().from(attendanceQueueHours).where(eq(attendanceQueueHours.queue_id, queueId)).limit(1);
      return row;
    },

    /** The hours of several queues at once, by queue id. */
    async getMany(queueIds: readonly string[]): Promise<Map<string, QueueHoursRow>> {
      const ids = queueIds.filter(isUuid);
      if (ids.length === 0) return new Map();
      const rows = await db.select().from(attendanceQueueHours).where(inArray(attendanceQueueHours.queue_id, ids));
      return new Map(rows.map((r) => [r.queue_id, r]));
    },

    /** Replaces the queue's hours and replies. */
    async put(row: QueueHoursWrite): Promise<QueueHoursRow> {
      const { queue_id: _id, ...set } = row;
      const [stored] = await db.insert(attendanceQueueHours).values(row)
        .onConflictDoUpdate({ target: attendanceQueueHours.queue_id, set: { ...set, updated_at: sql`now()` } })
        .returning();
      return stored!;
    },
  };
}

export type QueueHoursRepo = ReturnType<typeof createQueueHoursRepo>;
