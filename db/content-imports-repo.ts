import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { contentImportCheckpoints } from './schema/index.js';

export type ImportCheckpointRow = typeof contentImportCheckpoints.$inferSelect;

/** The checkpoint row of each import source (`switchboard import`, docs/content.md "Importers"). */
export function createContentImportsRepo(db: Database) {
  return {
    /** The source's row as the last run left it (status `done` or `running`), created empty on the first run. */
    async open(kind: string, source: string): Promise<ImportCheckpointRow> {
      // (kind, source) is unique per tenant (migration 0036), a key drizzle's schema does not name: insert, else touch.
      const [created] = await db.insert(contentImportCheckpoints).values({ kind, source }).onConflictDoNothing().returning();
      if (created) return created;
      const [row] = await db.update(contentImportCheckpoints).set({ updated_at: new Date() })
        .where(and(eq(contentImportCheckpoints.kind, kind), eq(contentImportCheckpoints.source, source))).returning();
      return row!;
    },
    /** Marks a new pass over a finished source as running, from `cursor`. */
    async restart(id: string, cursor: Record<string, unknown>): Promise<void> {
      await db.update(contentImportCheckpoints).set({ status: 'running', cursor, updated_at: new Date() }).where(eq(contentImportCheckpoints.id, id));
    },
    /** Moves the cursor and adds to the counts, after the items up to it were stored. */
    async advance(id: string, cursor: Record<string, unknown>, counts: { imported: number; skipped: number }): Promise<void> {
      await db.update(contentImportCheckpoints).set({
        cursor, imported: sql`${contentImportCheckpoints.imported} + ${counts.imported}`, skipped: sql`${contentImportCheckpoints.skipped} + ${counts.skipped}`,
        updated_at: new Date(),
      }).where(eq(contentImportCheckpoints.id, id));
    },
    async finish(id: string): Promise<void> {
      await db.update(contentImportCheckpoints).set({ status: 'done', updated_at: new Date() }).where(eq(contentImportCheckpoints.id, id));
    },
    async find(kind: string, source: string): Promise<ImportCheckpointRow | undefined> {
      const [row] = await db.select().from(contentImportCheckpoints)
        .where(and(eq(contentImportCheckpoints.kind, kind), eq(contentImportCheckpoints.source, source)));
      return row;
    },
  };
}

export type ContentImportsRepo = ReturnType<typeof createContentImportsRepo>;
