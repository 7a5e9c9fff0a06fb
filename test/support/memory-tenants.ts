import { randomUUID } from 'node:crypto';
import type { TenantMembershipRow, TenantRow, TenantsRepo } from '../../db/index.js';
import { currentTenant, DEFAULT_TENANT_ID } from '../../tenancy/index.js';

/**
 * db/tenants-repo.ts in memory, for the tenant use cases' unit tests. Like the database's
 * policies, the reads of tenant-owned rows see only the rows of the scope's tenant
 * (tenancy/tenant-scope.ts), so a use case that forgets `runAsTenant` reads nothing.
 */
export function memoryTenants() {
  const tenants = new Map<string, TenantRow>();
  tenants.set(DEFAULT_TENANT_ID, {
    id: DEFAULT_TENANT_ID, slug: 'default', name: 'Default', status: 'active', max_bots: null, max_attendants: null, max_storage_bytes: null,
    created_at: new Date(0), suspended_at: null,
  });
  const memberships: TenantMembershipRow[] = [];
  /** table → rows, each with its `tenant_id`. */
  const tables = new Map<string, Record<string, unknown>[]>();
  const visible = (tenantId: string) => (row: Record<string, unknown>) => row.tenant_id === tenantId && row.tenant_id === currentTenant();
  let clock = 1;
  const repo: TenantsRepo = {
    async create(input) {
      if ([...tenants.values()].some((t) => t.slug === input.slug)) throw new Error('duplicate key value violates unique constraint "tenants_slug_key"');
      const row: TenantRow = {
        id: randomUUID(), status: 'active', max_bots: null, max_attendants: null, max_storage_bytes: null, suspended_at: null,
        created_at: new Date(clock++), ...input,
      };
      tenants.set(row.id, row);
      return row;
    },
    async list() { return [...tenants.values()].sort((a, b) => a.created_at.getTime() - b.created_at.getTime()); },
    async findById(id) { return tenants.get(id); },
    async findBySlug(slug) { return [...tenants.values()].find((t) => t.slug === slug); },
    async update(id, changes) {
      const row = tenants.get(id);
      if (row) Object.assign(row, changes);
      return row;
    },
    async setStatus(id, status, at) {
      const row = tenants.get(id);
      if (row) Object.assign(row, { status, suspended_at: status === 'suspended' ? at : null });
      return row;
    },
    async delete(id) {
      if (!tenants.delete(id)) return false;
      for (const [name, rows] of tables) tables.set(name, rows.filter((r) => r.tenant_id !== id));
      memberships.splice(0, memberships.length, ...memberships.filter((m) => m.tenant_id !== id));
      return true;
    },
    async putMembership(tenantId, userId, roles) {
      const found = memberships.find((m) => m.tenant_id === tenantId && m.user_id === userId);
      if (found) return Object.assign(found, { roles });
      const row = { tenant_id: tenantId, user_id: userId, roles, created_at: new Date(clock++) };
      memberships.push(row);
      return row;
    },
    async deleteMembership(tenantId, userId) {
      const i = memberships.findIndex((m) => m.tenant_id === tenantId && m.user_id === userId);
      if (i >= 0) memberships.splice(i, 1);
      return i >= 0;
    },
    async membershipsOf(userId) { return memberships.filter((m) => m.user_id === userId); },
    async membersOf(tenantId) { return memberships.filter((m) => m.tenant_id === tenantId); },
    async tenantTables() { return [...tables.keys()].sort(); },
    async tablePage(table, tenantId, after, limit) {
      const rows = (tables.get(table) ?? []).filter(visible(tenantId));
      const start = after === undefined ? 0 : Number(after);
      const page = rows.slice(start, start + limit);
      return { rows: page, ...(page.length === limit ? { next: String(start + limit) } : {}) };
    },
    async countRows(table, tenantId) { return (tables.get(table) ?? []).filter(visible(tenantId)).length; },
    async storedFiles(tenantId, after, limit) {
      return (tables.get('content_file_versions') ?? []).filter(visible(tenantId))
        .map((r) => ({ storage_key: r.storage_key as string, sha256: r.sha256 as string, content_type: r.content_type as string }))
        .filter((f) => f.storage_key > (after ?? '')).sort((a, b) => a.storage_key.localeCompare(b.storage_key)).slice(0, limit);
    },
  };
  return {
    repo,
    memberships,
    /** Adds a row of a tenant-owned table. */
    insert(table: string, row: Record<string, unknown>) {
      tables.set(table, [...(tables.get(table) ?? []), row]);
    },
    rowsOf(table: string) { return tables.get(table) ?? []; },
  };
}

/** The content file store in memory: its keys and bytes. */
export function memoryFileBytes() {
  const objects = new Map<string, Buffer>();
  // Like the service's store (app/tenant-files.ts): each tenant's keys apart, so a use case that
  // reaches the bytes outside the tenant's scope finds none.
  const keyed = (key: string) => `${currentTenant()}:${key}`;
  return {
    /** The bytes by `<tenant id>:<key>`. */
    objects,
    put(tenantId: string, key: string, bytes: Buffer) { objects.set(`${tenantId}:${key}`, bytes); },
    async get(key: string) {
      const bytes = objects.get(keyed(key));
      return bytes && { bytes };
    },
    async delete(key: string) { objects.delete(keyed(key)); },
  };
}
