import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from './connection.js';
import { tenantMemberships, tenants, type TenantStatus } from './schema/index.js';
import { isUuid } from './uuid.js';

export type TenantRow = typeof tenants.$inferSelect;
export type TenantMembershipRow = typeof tenantMemberships.$inferSelect;
/** What an operator sets at creation: the slug, the name and the quotas (null or absent: no limit). */
export type NewTenant = Pick<TenantRow, 'slug' | 'name'> & Partial<Pick<TenantRow, 'max_bots' | 'max_attendants' | 'max_storage_bytes'>>;
/** What an operator may change later: absent keeps, null (for a quota) removes the limit. */
export type TenantChanges = Partial<Pick<TenantRow, 'name' | 'max_bots' | 'max_attendants' | 'max_storage_bytes'>>;
/** One row of a tenant-owned table as the database renders it in JSON, and where the next page starts. */
export interface TenantTablePage {
  rows: Record<string, unknown>[];
  /** The position after the last row, for the next call; undefined when this page was the last. */
  next?: string;
}
/** A stored file version of the tenant: where its bytes are in the file store, and their digest. */
export interface StoredFileKey {
  storage_key: string;
  sha256: string;
  content_type: string;
}

/**
 * The only code that queries the tenants and their memberships (docs/operations/tenants.md,
 * "Lifecycle"), and the reads of a tenant's export: neither table has a row-level security policy
 * (they are the installation's), so their statements run the same in any tenant's scope. The
 * reads of the tenant-owned tables name the tenant as well as running in its scope (the caller's
 * `runAsTenant`): the policy then gives exactly its rows, and `tenant_memberships`, which has a
 * `tenant_id` and no policy, gives only its own too.
 */
export function createTenantsRepo(db: Database) {
  return {
    async create(input: NewTenant): Promise<TenantRow> {
      const [row] = await db.insert(tenants).values(input).returning();
      return row!;
    },
    /** Every tenant, oldest first (the default tenant first of all). */
    async list(): Promise<TenantRow[]> {
      return db.select().from(tenants).orderBy(asc(tenants.created_at), asc(tenants.slug));
    },
    /** The tenant, or undefined — also for ids that are not UUIDs. */
    async findById(id: string): Promise<TenantRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
      return row;
    },
    async findBySlug(slug: string): Promise<TenantRow | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
      return row;
    },
    /** Name and quotas; undefined when there is no such tenant. */
    async update(id: string, changes: TenantChanges): Promise<TenantRow | undefined> {
      if (Object.keys(changes).length === 0) return this.findById(id);
      const [row] = await db.update(tenants).set(changes).where(eq(tenants.id, id)).returning();
      return row;
    },
    /** Active or suspended; `suspended_at` says since when (null once active again). */
    async setStatus(id: string, status: TenantStatus, at: Date): Promise<TenantRow | undefined> {
      const [row] = await db.update(tenants).set({ status, suspended_at: status === 'suspended' ? at : null }).where(eq(tenants.id, id)).returning();
      return row;
    },
    /** Deletes the tenant; every tenant-owned row and membership goes with it (migration 0036's cascading keys). */
    async delete(id: string): Promise<boolean> {
      const deleted = await db.delete(tenants).where(eq(tenants.id, id)).returning({ id: tenants.id });
      return deleted.length > 0;
    },
    /** Gives `userId` these roles in the tenant, replacing the ones it had there. */
    async putMembership(tenantId: string, userId: string, roles: string[]): Promise<TenantMembershipRow> {
      const [row] = await db.insert(tenantMemberships).values({ tenant_id: tenantId, user_id: userId, roles })
        .onConflictDoUpdate({ target: [tenantMemberships.tenant_id, tenantMemberships.user_id], set: { roles } }).returning();
      return row!;
    },
    async deleteMembership(tenantId: string, userId: string): Promise<boolean> {
      const deleted = await db.delete(tenantMemberships)
        .where(and(eq(tenantMemberships.tenant_id, tenantId), eq(tenantMemberships.user_id, userId))).returning({ user_id: tenantMemberships.user_id });
      return deleted.length > 0;
    },
    /** The tenants a user belongs to besides the default one, with the roles in each. */
    async membershipsOf(userId: string): Promise<TenantMembershipRow[]> {
      if (!isUuid(userId)) return [];
      return db.select().from(tenantMemberships).where(eq(tenantMemberships.user_id, userId)).orderBy(asc(tenantMemberships.created_at));
    },
    /** The members of a tenant, oldest first. */
    async membersOf(tenantId: string): Promise<TenantMembershipRow[]> {
      return db.select().from(tenantMemberships).where(eq(tenantMemberships.tenant_id, tenantId)).orderBy(asc(tenantMemberships.created_at));
    },
    /**
     * The tables with a `tenant_id` column, read from the catalogue when asked, so a table a later
     * migration adds is exported and counted without a list to keep (docs/operations/tenants.md, "Export").
     */
    async tenantTables(): Promise<string[]> {
      const result = await db.execute(sql`select c.table_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and c.column_name = 'tenant_id' order by c.table_name`);
      return rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
    },
    /**
     * One page of a tenant's rows of `table`, in physical order from `after` (a row position): each
     * statement is short, so an export never holds a transaction (nor PGlite's one connection) open.
     * `table` must come from {@link tenantTables}.
     */
    async tablePage(table: string, tenantId: string, after: string | undefined, limit: number): Promise<TenantTablePage> {
      const result = await db.execute(sql`select t.ctid::text as position, to_jsonb(t) as row from ${sql.identifier(table)} t
        where t.tenant_id = ${tenantId} and t.ctid > ${after ?? '(0,0)'}::tid order by t.ctid limit ${limit}`);
      const rows = rowsOf<{ position: string; row: Record<string, unknown> | string }>(result);
      const last = rows.at(-1);
      return {
        rows: rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) as Record<string, unknown> : r.row)),
        ...(rows.length === limit && last ? { next: last.position } : {}),
      };
    },
    /** How many rows of `table` the tenant has (`table` from {@link tenantTables}). */
    async countRows(table: string, tenantId: string): Promise<number> {
      const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${tenantId}`);
      return rowsOf<{ n: number }>(result)[0]!.n;
    },
    /** A page of the tenant's stored file versions, by storage key, after `after`. */
    async storedFiles(tenantId: string, after: string | undefined, limit: number): Promise<StoredFileKey[]> {
      const result = await db.execute(sql`select storage_key, sha256, content_type from content_file_versions
        where tenant_id = ${tenantId} and storage_key > ${after ?? ''} order by storage_key limit ${limit}`);
      return rowsOf<StoredFileKey>(result);
    },
  };
}

export type TenantsRepo = ReturnType<typeof createTenantsRepo>;
