import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { attendanceWebhookDeliveries } from './schema/index.js';

export type AttendanceWebhookRow = typeof attendanceWebhookDeliveries.$inferSelect;
export type NewAttendanceWebhook = Pick<typeof attendanceWebhookDeliveries.$inferInsert, 'id' | 'bot_id' | 'event' | 'url' | 'payload' | 'created_at'>;

/** What one attempt ended with: the receiver's status (none when unreachable) and, when it failed, why. */
export interface WebhookAttempt {
  status: number | null;
  error: string | null;
}

/** The only code that queries `attendance_webhook_deliveries` (docs/attendance/webhooks.md). */
export function createAttendanceWebhooksRepo(db: Database) {
  const w = attendanceWebhookDeliveries;
  const pending = eq(w.status, 'pending');
  return {
    async create(row: NewAttendanceWebhook): Promise<AttendanceWebhookRow> {
      const [created] = await db.insert(w).values(row).returning();
      return created!;
    },
    async get(id: string): Promise<AttendanceWebhookRow | undefined> {
      const [row] = await db.select().from(w).where(eq(w.id, id)).limit(1);
      return row;
    },
    /** Messages not yet delivered nor given up on, oldest first (start-up hands them out again). */
    async listPending(): Promise<AttendanceWebhookRow[]> {
      return db.select().from(w).where(pending).orderBy(asc(w.created_at));
    },
    /** Counts one attempt of a pending message; `delivered` ends it. */
    async recordAttempt(id: string, attempt: WebhookAttempt & { delivered: boolean; at: Date }): Promise<void> {
      await db.update(w).set({
        attempts: sql`${w.attempts} + 1`, last_status: attempt.status, last_error: attempt.error,
        ...(attempt.delivered ? { status: 'delivered' as const, finished_at: attempt.at } : {}),
      }).where(and(eq(w.id, id), pending));
    },
    /** Gives up on a pending message once its job has used every attempt. */
    async markFailed(id: string, at: Date): Promise<void> {
      await db.update(w).set({ status: 'failed', finished_at: at }).where(and(eq(w.id, id), pending));
    },
  };
}

export type AttendanceWebhooksRepo = ReturnType<typeof createAttendanceWebhooksRepo>;
