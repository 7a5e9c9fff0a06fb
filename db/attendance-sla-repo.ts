import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { attendanceSlaClocks, attendanceSlaPolicies, type SlaMetric, type SlaSubject } from './schema/index.js';

export type SlaPolicyRow = typeof attendanceSlaPolicies.$inferSelect;
export type NewSlaPolicy = Omit<typeof attendanceSlaPolicies.$inferInsert, 'id' | 'created_at' | 'updated_at'>;
export type SlaClockRow = typeof attendanceSlaClocks.$inferSelect;
export type NewSlaClock = Omit<typeof attendanceSlaClocks.$inferInsert, 'id' | 'met_at' | 'breached_at'>;

/** Attainment counts of one group (a queue or an attendant) of finished clocks. */
export interface SlaAttainmentRow {
  key: string | null;
  metric: SlaMetric;
  total: number;
  met: number;
  breached: number;
}

/** The only code that queries `attendance_sla_policies` and `attendance_sla_clocks` (docs/attendance/sla.md). */
export function createSlaRepo(db: Database) {
  const clocks = attendanceSlaClocks;
  return {
    async listPolicies(): Promise<SlaPolicyRow[]> {
      return db.select().from(attendanceSlaPolicies).orderBy(asc(attendanceSlaPolicies.name));
    },

    async getPolicy(id: string): Promise<SlaPolicyRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(attendanceSlaPolicies).where(eq(attendanceSlaPolicies.id, id)).limit(1);
      return row;
    },

    /** Inserts a policy; undefined when one already covers the same queue and tier. */
    async createPolicy(policy: NewSlaPolicy): Promise<SlaPolicyRow | undefined> {
      const [row] = await db.insert(attendanceSlaPolicies).values(policy).onConflictDoNothing().returning();
      return row;
    },

    async updatePolicy(id: string, changes: Partial<NewSlaPolicy>): Promise<SlaPolicyRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(attendanceSlaPolicies).set({ ...changes, updated_at: sql`now()` })
        .where(eq(attendanceSlaPolicies.id, id)).returning();
      return row;
    },

    async deletePolicy(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (await db.delete(attendanceSlaPolicies).where(eq(attendanceSlaPolicies.id, id)).returning({ id: attendanceSlaPolicies.id })).length > 0;
    },

    /** Starts clocks; a clock of the same subject, metric and cycle already stored is kept (a repeated event). Resolves to the new ones. */
    async startClocks(rows: readonly NewSlaClock[]): Promise<SlaClockRow[]> {
      if (rows.length === 0) return [];
      return db.insert(clocks).values([...rows]).onConflictDoNothing().returning();
    },

    /** Stops the running clocks of a subject (those of `metrics`) as met at `at`, by `attendantId`. */
    async meet(subject: SlaSubject, subjectId: string, metrics: readonly SlaMetric[], at: Date, attendantId: string | null): Promise<SlaClockRow[]> {
      return db.update(clocks).set({ met_at: at, ...(attendantId ? { attendant_id: attendantId } : {}) })
        .where(and(eq(clocks.subject, subject), eq(clocks.subject_id, subjectId), inArray(clocks.metric, [...metrics]), isNull(clocks.met_at)))
        .returning();
    },

    /** Removes the running clocks of a subject that left attendance unattended (they measure nothing); resolves to how many. */
    async cancel(subject: SlaSubject, subjectId: string): Promise<number> {
      const rows = await db.delete(clocks)
        .where(and(eq(clocks.subject, subject), eq(clocks.subject_id, subjectId), isNull(clocks.met_at), isNull(clocks.breached_at)))
        .returning({ id: clocks.id });
      return rows.length;
    },

    /** Marks a clock breached at `at`, held by `attendantId`, if it is still running and not breached: the due job's one atomic step. */
    async breach(id: string, at: Date, attendantId: string | null): Promise<SlaClockRow | undefined> {
      const [row] = await db.update(clocks).set({ breached_at: at, ...(attendantId ? { attendant_id: attendantId } : {}) })
        .where(and(eq(clocks.id, id), isNull(clocks.met_at), isNull(clocks.breached_at))).returning();
      return row;
    },

    async getClock(id: string): Promise<SlaClockRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(clocks).where(eq(clocks.id, id)).limit(1);
      return row;
    },

    /** Clocks still running (not met), oldest due first; optionally of some queues (null: of no queue). */
    async listRunning(filter: { queue_ids?: readonly (string | null)[] } = {}): Promise<SlaClockRow[]> {
      const where: SQL[] = [isNull(clocks.met_at)];
      if (filter.queue_ids) where.push(queueIn(filter.queue_ids));
      return db.select().from(clocks).where(and(...where)).orderBy(asc(clocks.due_at)).limit(1000);
    },

    /** Clocks due and neither met nor breached: what start-up re-enqueues (docs/architecture.md, "Ports and drivers"). */
    async listPending(): Promise<SlaClockRow[]> {
      return db.select().from(clocks).where(and(isNull(clocks.met_at), isNull(clocks.breached_at), isNotNull(clocks.due_at)));
    },

    /**
     * Finished clocks (met, or breached) started in [from, to), counted per queue or per
     * attendant and metric: the SLA attainment of the insights.
     */
    async attainment(by: 'queue' | 'attendant', window: { from: Date; to: Date; bot_ids?: readonly string[] }): Promise<SlaAttainmentRow[]> {
      const key = by === 'queue' ? clocks.queue_id : clocks.attendant_id;
      const where: SQL[] = [gte(clocks.started_at, window.from), lt(clocks.started_at, window.to),
        sql`(${clocks.met_at} is not null or ${clocks.breached_at} is not null)`];
      if (window.bot_ids) where.push(window.bot_ids.length === 0 ? sql`false` : inArray(clocks.bot_id, [...window.bot_ids]));
      const rows = await db.select({
        key, metric: clocks.metric,
        total: sql<number>`count(*)::int`,
        breached: sql<number>`count(${clocks.breached_at})::int`,
      }).from(clocks).where(and(...where)).groupBy(key, clocks.metric);
      return rows.map((r) => ({ key: r.key, metric: r.metric, total: r.total, breached: r.breached, met: r.total - r.breached }));
    },
  };
}

function queueIn(ids: readonly (string | null)[]): SQL {
  const real = ids.filter((id): id is string => id !== null);
  const parts: SQL[] = [];
  if (real.length > 0) parts.push(inArray(attendanceSlaClocks.queue_id, real));
  if (ids.includes(null)) parts.push(isNull(attendanceSlaClocks.queue_id));
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

export type SlaRepo = ReturnType<typeof createSlaRepo>;
