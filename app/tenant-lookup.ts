import type { TenantMemberships } from '../auth/index.js';
import { createTenantsRepo, type DatabaseHandle } from '../db/index.js';
import type { TenantLookup } from '../http/tenant-address.js';
import type { TenantHeld } from '../infra/jobs/index.js';
import { DEFAULT_TENANT_ID } from '../tenancy/index.js';
import type { BotRegistry } from './bot-registry.js';

/** How long a tenant's status is trusted before it is read again: a suspension takes effect within it. */
const STATUS_TTL_MS = 5_000;

type Status = 'active' | 'suspended';

/** A tenant's id and status as the cache below keeps them. */
type CachedTenant = { id: string; status: Status } | undefined;

/**
 * Tenants read from the database by slug or id and kept {@link STATUS_TTL_MS}: what the public
 * addresses and the held jobs check a tenant's status with, a query per tenant every few seconds.
 */
function cachedTenants(database: DatabaseHandle, now: () => number) {
  const repo = createTenantsRepo(database.db);
  const cached = new Map<string, { at: number; tenant: Promise<CachedTenant> }>();
  const read = (key: string, query: () => Promise<CachedTenant>) => {
    const hit = cached.get(key);
    if (hit && now() - hit.at < STATUS_TTL_MS) return hit.tenant;
    const tenant = query().catch((error: unknown) => {
      cached.delete(key);
      throw error;
    });
    cached.set(key, { at: now(), tenant });
    return tenant;
  };
  return {
    bySlug: (slug: string) => read(`slug:${slug}`, () => repo.findBySlug(slug)),
    byId: (id: string) => read(`id:${id}`, () => repo.findById(id)),
  };
}

/** The tenants the public addresses name, read from the database and kept a few seconds (docs/operations/tenants.md, "Addresses"). */
export function createTenantLookup(database: DatabaseHandle, bots: BotRegistry, now: () => number = Date.now): TenantLookup {
  const { bySlug, byId } = cachedTenants(database, now);
  return {
    bySlug,
    byId,
    ofBot(name) {
      const bot = bots.named(name);
      if (!bot || bot.tenantId === DEFAULT_TENANT_ID) return undefined;
      return { id: bot.tenantId, status: async () => (await byId(bot.tenantId))?.status ?? 'suspended' };
    },
  };
}

/**
 * Whether a tenant is suspended, kept a few seconds like the addresses' look-ups: its queued jobs
 * then wait for its resume (infra/jobs/tenant-carrying-jobs.ts). A deleted tenant's are not held:
 * they run, find nothing of it, and end.
 */
export function suspendedTenants(database: DatabaseHandle, now: () => number = Date.now): TenantHeld {
  const { byId } = cachedTenants(database, now);
  return async (tenantId) => (await byId(tenantId))?.status === 'suspended';
}

/** A user's membership of a tenant, by the tenant's slug: what signing in to it reads (docs/operations/tenants.md, "Signing in"). */
export function createTenantMemberships(database: DatabaseHandle): TenantMemberships {
  const repo = createTenantsRepo(database.db);
  return {
    async membership(userId, slug) {
      const tenant = await repo.findBySlug(slug);
      const member = tenant && (await repo.membershipsOf(userId)).find((m) => m.tenant_id === tenant.id);
      return member && { tenant_id: tenant.id, status: tenant.status, roles: member.roles };
    },
    async inTenant(userId, tenantId) {
      const member = (await repo.membershipsOf(userId)).find((m) => m.tenant_id === tenantId);
      return member && { roles: member.roles };
    },
  };
}
