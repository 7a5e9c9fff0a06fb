import { and, asc, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './connection.js';
import { visibleTo, type ContentReader, type SharingChange } from './content-visibility.js';
import { contentCalendarEvents, contentContacts, contentMailMessages, contentTasks, crmContacts } from './schema/index.js';
import { upsertOnTenantKey } from './upsert-on-tenant-key.js';
import { isUuid } from './uuid.js';

export type MailMessageRow = typeof contentMailMessages.$inferSelect;
export type CalendarEventRow = typeof contentCalendarEvents.$inferSelect;
export type ContentContactRow = typeof contentContacts.$inferSelect;
export type TaskRow = typeof contentTasks.$inferSelect;

export type NewMailMessage = typeof contentMailMessages.$inferInsert;
export type NewCalendarEvent = typeof contentCalendarEvents.$inferInsert;
export type NewContentContact = typeof contentContacts.$inferInsert;
export type NewTask = typeof contentTasks.$inferInsert;

/** A page request: newest first (mail, tasks) or by name or start (contacts, events). */
export interface Page {
  limit: number;
  offset: number;
}

/**
 * Links an address-book card not yet linked to the oldest CRM contact with one of its emails, or
 * one of its phones once stripped of everything but digits and `+` (docs/crm.md, "Address book
 * and CRM"). The reverse, a new CRM contact finding its cards, is in db/crm-repo.ts.
 */
async function linkCardToCrm(db: Database, cardId: string): Promise<void> {
  const card = contentContacts;
  await db.update(card).set({
    crm_contact_id: sql`(select k.id from ${crmContacts} k where
      k.email in (select lower(e) from jsonb_array_elements_text(${card.emails}) e)
      or k.phone in (select regexp_replace(p, '[^0-9+]', '', 'g') from jsonb_array_elements_text(${card.phones}) p)
      order by k.created_at, k.id limit 1)`,
  }).where(and(eq(card.id, cardId), sql`${card.crm_contact_id} is null`));
}

/**
 * The mail archive, calendar, contacts and tasks (db/schema/content.ts). Imports upsert on each
 * table's source identity in the tenant (migration 0038), so a re-run updates what it finds
 * instead of adding it twice; `true` when the upsert inserted the row.
 */
export function createContentRecordsRepo(db: Database) {
  const page = <T>(q: { limit(n: number): { offset(n: number): Promise<T[]> } }, p: Page) => q.limit(p.limit).offset(p.offset);
  return {
    mail: {
      async upsert(row: NewMailMessage): Promise<boolean> {
        const m = contentMailMessages;
        return (await upsertOnTenantKey(db, m, row, [m.owner_id, m.source, m.folder, m.uid])).inserted;
      },
      async list(reader: ContentReader, filter: { folder?: string }, p: Page): Promise<MailMessageRow[]> {
        const where = and(visibleTo(contentMailMessages, reader), filter.folder ? eq(contentMailMessages.folder, filter.folder) : undefined);
        return page(db.select().from(contentMailMessages).where(where).orderBy(desc(contentMailMessages.sent_at), asc(contentMailMessages.uid)).$dynamic(), p);
      },
      async get(id: string): Promise<MailMessageRow | undefined> {
        if (!isUuid(id)) return undefined;
        const [row] = await db.select().from(contentMailMessages).where(eq(contentMailMessages.id, id));
        return row;
      },
      async share(id: string, change: SharingChange) {
        const [row] = await db.update(contentMailMessages).set(change).where(eq(contentMailMessages.id, id)).returning();
        return row;
      },
    },
    calendar: {
      async insert(row: NewCalendarEvent): Promise<CalendarEventRow> {
        const [result] = await db.insert(contentCalendarEvents).values(row).returning();
        return result!;
      },
      async upsert(row: NewCalendarEvent): Promise<boolean> {
        const e = contentCalendarEvents;
        return (await upsertOnTenantKey(db, e, row, [e.owner_id, e.source, e.uid, e.recurrence_id], e.updated_at)).inserted;
      },
      /** Events starting before `to` that end after `from`, plus every recurring one starting before `to` (expanded by the caller). */
      async inRange(reader: ContentReader, from: Date, to: Date): Promise<CalendarEventRow[]> {
        const overlaps: SQL | undefined = or(gte(contentCalendarEvents.ends_at, from), isNotNull(contentCalendarEvents.rrule));
        return db.select().from(contentCalendarEvents)
          .where(and(visibleTo(contentCalendarEvents, reader), lt(contentCalendarEvents.starts_at, to), overlaps))
          .orderBy(asc(contentCalendarEvents.starts_at));
      },
      async get(id: string): Promise<CalendarEventRow | undefined> {
        if (!isUuid(id)) return undefined;
        const [row] = await db.select().from(contentCalendarEvents).where(eq(contentCalendarEvents.id, id));
        return row;
      },
      async share(id: string, change: SharingChange) {
        const [row] = await db.update(contentCalendarEvents).set({ ...change, updated_at: new Date() }).where(eq(contentCalendarEvents.id, id)).returning();
        return row;
      },
    },
    contacts: {
      async upsert(row: NewContentContact): Promise<boolean> {
        const c = contentContacts;
        const result = await upsertOnTenantKey(db, c, row, [c.owner_id, c.source, c.external_id], c.updated_at);
        await linkCardToCrm(db, result.id);
        return result.inserted;
      },
      async list(reader: ContentReader, p: Page): Promise<ContentContactRow[]> {
        return page(db.select().from(contentContacts).where(visibleTo(contentContacts, reader)).orderBy(asc(contentContacts.full_name), asc(contentContacts.id)).$dynamic(), p);
      },
      async get(id: string): Promise<ContentContactRow | undefined> {
        if (!isUuid(id)) return undefined;
        const [row] = await db.select().from(contentContacts).where(eq(contentContacts.id, id));
        return row;
      },
      async share(id: string, change: SharingChange) {
        const [row] = await db.update(contentContacts).set({ ...change, updated_at: new Date() }).where(eq(contentContacts.id, id)).returning();
        return row;
      },
    },
    tasks: {
      async insert(row: NewTask): Promise<TaskRow> {
        const [result] = await db.insert(contentTasks).values(row).returning();
        return result!;
      },
      async list(reader: ContentReader, filter: { status?: 'open' | 'done' }, p: Page): Promise<TaskRow[]> {
        const where = and(visibleTo(contentTasks, reader), filter.status ? eq(contentTasks.status, filter.status) : undefined);
        return page(db.select().from(contentTasks).where(where).orderBy(desc(contentTasks.created_at), asc(contentTasks.id)).$dynamic(), p);
      },
      async get(id: string): Promise<TaskRow | undefined> {
        if (!isUuid(id)) return undefined;
        const [row] = await db.select().from(contentTasks).where(eq(contentTasks.id, id));
        return row;
      },
      async share(id: string, change: SharingChange) {
        const [row] = await db.update(contentTasks).set({ ...change, updated_at: new Date() }).where(eq(contentTasks.id, id)).returning();
        return row;
      },
    },
  };
}

export type ContentRecordsRepo = ReturnType<typeof createContentRecordsRepo>;
