import { and, arrayOverlaps, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
import { compileReport, type ReportColumn, type ReportQuery } from './report-query/compile-report.js';
import { attendanceReportFacts, attendanceReportRollup, attendanceReports, type ReportSchedule } from './schema/index.js';
import { isUuid } from './uuid.js';

/** A saved report as stored. */
export type SavedReportRow = typeof attendanceReports.$inferSelect;
/** What a save writes; id and timestamps come from the database. */
export type NewSavedReport = Omit<typeof attendanceReports.$inferInsert, 'id' | 'created_at' | 'updated_at' | 'last_sent_at'>;
/** One cycle's facts, as the roll-up writes them. */
export type ReportFactRow = typeof attendanceReportFacts.$inferSelect;

/** Who is asking: the owner, a user it is shared with, a holder of a role it is shared with, or an admin. */
export interface ReportViewer {
  user_id: string;
  roles: readonly string[];
  is_admin: boolean;
}

/** The answer of a report: its columns in order, and one object per row keyed by column (labels as `<key>_label`). */
export interface ReportResult {
  columns: ReportColumn[];
  rows: Record<string, string | number | null>[];
}

/** One event of the log with what the roll-up needs of its session. */
export interface RollupEvent {
  seq: number;
  session_id: string;
  bot_id: string;
  channel: string;
  campaign_id: string | null;
  tags: string[];
  queue_id: string | null;
  attendant_id: string | null;
  type: string;
  data: Record<string, unknown>;
  at: Date;
}

/**
 * Custom reports (docs/attendance/reports.md): runs a compiled definition, stores saved reports,
 * and is the only code that reads the event log for the roll-up and writes the facts table.
 */
export function createAttendanceReportsRepo(db: Database) {
  const r = attendanceReports;
  const visible = (viewer: ReportViewer): SQL | undefined => (viewer.is_admin ? undefined : or(
    eq(r.owner_id, viewer.user_id),
    sql`${viewer.user_id}::uuid = any(${r.shared_user_ids})`,
    arrayOverlaps(r.shared_roles, [...viewer.roles]),
  ));

  return {
    /** Compiles and runs the report: one statement. */
    async run(report: ReportQuery): Promise<ReportResult> {
      const { query, columns } = compileReport(report);
      const rows = rowsOf<Record<string, string | number | null>>(await db.execute(query));
      return { columns, rows };
    },

    async create(report: NewSavedReport): Promise<SavedReportRow> {
      const [row] = await db.insert(r).values(report).returning();
      return row!;
    },

    /** The report when the viewer may see it. */
    async get(id: string, viewer: ReportViewer): Promise<SavedReportRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(r).where(and(eq(r.id, id), visible(viewer)));
      return row;
    },

    /** The report whoever asks: for the e-mail job, which acts for the owner. */
    async byId(id: string): Promise<SavedReportRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(r).where(eq(r.id, id));
      return row;
    },

    /** The reports the viewer may see, newest change first. */
    async list(viewer: ReportViewer): Promise<SavedReportRow[]> {
      return db.select().from(r).where(visible(viewer)).orderBy(desc(r.updated_at), desc(r.id));
    },

    async update(id: string, changes: Partial<NewSavedReport>): Promise<SavedReportRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.update(r).set({ ...changes, updated_at: sql`now()` }).where(eq(r.id, id)).returning();
      return row;
    },

    async remove(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (await db.delete(r).where(eq(r.id, id)).returning({ id: r.id })).length > 0;
    },

    /** Reports on a schedule, for the e-mail job. */
    async scheduled(schedule: Exclude<ReportSchedule, 'none'>): Promise<SavedReportRow[]> {
      return db.select().from(r).where(eq(r.schedule, schedule)).orderBy(r.id);
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db.update(r).set({ last_sent_at: at }).where(eq(r.id, id));
    },

    /** Where the roll-up stands in the log. */
    async rollupMark(): Promise<number> {
      const [row] = await db.select({ last_seq: attendanceReportRollup.last_seq }).from(attendanceReportRollup).where(eq(attendanceReportRollup.id, 1));
      return row?.last_seq ?? 0;
    },

    async setRollupMark(seq: number): Promise<void> {
      // One row per tenant (migration 0036's key), which drizzle's schema does not name: update, else insert.
      const set = { last_seq: seq, updated_at: sql`now()` };
      const updated = await db.update(attendanceReportRollup).set(set).where(eq(attendanceReportRollup.id, 1)).returning({ id: attendanceReportRollup.id });
      if (updated.length > 0) return;
      const inserted = await db.insert(attendanceReportRollup).values({ id: 1, last_seq: seq }).onConflictDoNothing().returning({ id: attendanceReportRollup.id });
      if (inserted.length === 0) await db.update(attendanceReportRollup).set(set).where(eq(attendanceReportRollup.id, 1));
    },

    /**
     * The sessions of up to `limit` events after `seq`, and those events' `seq` and time, in log
     * order: what the roll-up recomputes next.
     */
    async eventsAfter(seq: number, limit: number): Promise<{ seq: number; session_id: string | null; at: Date }[]> {
      const rows = rowsOf<{ seq: string | number; session_id: string | null; at: string | Date }>(await db.execute(sql`
        select seq, session_id, at from attendance_events where seq > ${seq} order by seq limit ${limit}`));
      return rows.map((e) => ({ seq: Number(e.seq), session_id: e.session_id, at: new Date(e.at) }));
    },

    /** Every logged event of the sessions, in order, with the session's channel, campaign and contact tags. */
    async sessionEvents(sessionIds: readonly string[]): Promise<RollupEvent[]> {
      if (sessionIds.length === 0) return [];
      const rows = rowsOf<Omit<RollupEvent, 'seq' | 'at'> & { seq: string | number; at: string | Date }>(await db.execute(sql`
        select e.seq, e.session_id, s.bot_id, s.channel, s.context_data->>'campaign_id' as campaign_id,
               coalesce(c.tags, '{}'::text[]) as tags, e.queue_id, e.attendant_id, e.type, e.data, e.at
        from attendance_events e
        join sessions s on s.id = e.session_id
        left join crm_contacts c on c.id = s.customer_id
        where e.session_id = any(${`{${sessionIds.join(',')}}`}::uuid[])
        order by e.session_id, e.at, e.seq`));
      return rows.map((e) => ({ ...e, seq: Number(e.seq), at: new Date(e.at) }));
    },

    /**
     * Replaces the facts of the sessions with `facts`, in one transaction; two roll-ups (two
     * instances) take turns on a transaction lock, so neither inserts a row the other just wrote.
     */
    async replaceFacts(sessionIds: readonly string[], facts: readonly ReportFactRow[]): Promise<void> {
      if (sessionIds.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('attendance_report_facts'))`);
        await tx.execute(sql`delete from attendance_report_facts where session_id = any(${`{${sessionIds.join(',')}}`}::uuid[])`);
        if (facts.length) await tx.insert(attendanceReportFacts).values([...facts]);
      });
    },
  };
}

export type AttendanceReportsRepo = ReturnType<typeof createAttendanceReportsRepo>;
