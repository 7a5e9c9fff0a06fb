import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import { isUuid } from './uuid.js';
import { crmAttendanceLogs } from './schema/index.js';

export type CrmAttendanceLogRow = typeof crmAttendanceLogs.$inferSelect;
export type NewCrmAttendanceLog = Pick<typeof crmAttendanceLogs.$inferInsert, 'bot_id' | 'contact_id' | 'session_id' | 'fields'>;


/**
 * The CRM's attendance log (`attendance-crm-logging`): one entry per resolved attendance,
 * later completed by the satisfaction survey.
 */
export function createCrmAttendanceLogsRepo(db: Database) {
  return {
    async create(entry: NewCrmAttendanceLog): Promise<CrmAttendanceLogRow> {
      const [row] = await db.insert(crmAttendanceLogs).values(entry).returning();
      return row!;
    },

    /** The session's newest entry: the attendance a survey answer belongs to. */
    async latestOfSession(sessionId: string): Promise<CrmAttendanceLogRow | undefined> {
      if (!isUuid(sessionId)) return undefined;
      const [row] = await db.select().from(crmAttendanceLogs).where(eq(crmAttendanceLogs.session_id, sessionId))
        .orderBy(desc(crmAttendanceLogs.created_at), desc(crmAttendanceLogs.id)).limit(1);
      return row;
    },

    /** Merges `fields` into the entry's fields key by key; undefined when the entry is gone. */
    async mergeFields(id: string, fields: Record<string, unknown>): Promise<CrmAttendanceLogRow | undefined> {
      const [row] = await db.update(crmAttendanceLogs)
        .set({ fields: sql`${crmAttendanceLogs.fields} || ${JSON.stringify(fields)}::jsonb`, updated_at: sql`now()` })
        .where(eq(crmAttendanceLogs.id, id)).returning();
      return row;
    },

    /** Newest first; ids that are not UUIDs match nothing. */
    async list(filter: { contact_id?: string; session_id?: string; bot_id?: string; limit?: number } = {}): Promise<CrmAttendanceLogRow[]> {
      const ids = [filter.contact_id, filter.session_id, filter.bot_id].filter((v): v is string => v !== undefined);
      if (ids.some((id) => !isUuid(id))) return [];
      const where: SQL[] = [];
      if (filter.contact_id !== undefined) where.push(eq(crmAttendanceLogs.contact_id, filter.contact_id));
      if (filter.session_id !== undefined) where.push(eq(crmAttendanceLogs.session_id, filter.session_id));
      if (filter.bot_id !== undefined) where.push(eq(crmAttendanceLogs.bot_id, filter.bot_id));
      return db.select().from(crmAttendanceLogs).where(and(...where))
        .orderBy(desc(crmAttendanceLogs.created_at), desc(crmAttendanceLogs.id)).limit(filter.limit ?? 100);
    },
  };
}

export type CrmAttendanceLogsRepo = ReturnType<typeof createCrmAttendanceLogsRepo>;
