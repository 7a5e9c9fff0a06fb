import type { TenantMemberships } from '../auth/index.js';
import { createTenantsRepo, type DatabaseHandle } from '../db/index.js';
import type { TenantLookup } from '../http/tenant-address.js';
import { DEFAULT_TENANT_ID } from '../tenancy/index.js';
import type { BotRegistry } from './bot-registry.js';

/** How long a tenant's status is trusted before it is read again: a suspension takes effect within it. */
const STATUS_TTL_MS = 5_000;

type Status = 'active' | 'suspended';

/** The tenants the public addresses name, read from the database and kept a few seconds (docs/operations/tenants.md, "Addresses"). */
export function createTenantLookup(database: DatabaseHandle, bots: BotRegistry, now: () => number = Date.now): TenantLookup {
  const repo = createTenantsRepo(database.db);
  const cached = new Map<string, { at: number; tenant: Promise<{ id: string; status: Status } | undefined> }>();
  const read = (key: string, query: () => Promise<{ id: string; status: Status } | undefined>) => {
    const hit = cached.get(key);
    if (hit && now() - hit.at < STATUS_TTL_MS) return hit.tenant;
    const tenant = query().catch((error: unknown) => {
      cached.delete(key);
      throw error;
    });
    cached.set(key, { at: now(), tenant });
    return tenant;
  };
  const byId = (id: string) => read(`id:${id}`, () => repo.findById(id));
  return {
    bySlug: (slug) => read(`slug:${slug}`, () => repo.findBySlug(slug)),
    byId,
    ofBot(name) {
      const bot = bots.named(name);
      if (!bot || bot.tenantId === DEFAULT_TENANT_ID) return undefined;
      return { id: bot.tenantId, status: async () => (await byId(bot.tenantId))?.status ?? 'suspended' };
    },
  };
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
