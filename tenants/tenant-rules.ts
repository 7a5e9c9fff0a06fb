import type { TenantRow } from '../db/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../infra/errors.js';
import { DEFAULT_TENANT_ID } from '../tenancy/index.js';
import type { TenantStore } from './tenants-deps.js';

/** A tenant's slug: the same rule as migration 0036's CHECK, so a bad one is a 400, not a database error. */
export const TENANT_SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Largest quota value a column takes (`max_bots` and `max_attendants` are integers). */
const INT_MAX = 2_147_483_647;

/** Refuses a slug the database would refuse. */
export function assertSlug(slug: string): void {
  if (!TENANT_SLUG.test(slug)) {
    throw new ValidationError(`Invalid slug "${slug}": lower-case letters, digits and "-", starting with a letter or digit, at most 63 characters`,
      [{ path: 'slug', message: 'must match ^[a-z0-9][a-z0-9-]{0,62}$' }], 'invalid_slug');
  }
}

/** Quotas are whole numbers of zero or more; null (or absent) is no limit. */
export function assertQuotas(quotas: { max_bots?: number | null; max_attendants?: number | null; max_storage_bytes?: number | null }): void {
  for (const [key, value] of Object.entries(quotas)) {
    if (value === null || value === undefined) continue;
    const max = key === 'max_storage_bytes' ? Number.MAX_SAFE_INTEGER : INT_MAX;
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new ValidationError(`Invalid ${key}: a whole number from 0 to ${max}, or null for no limit`, [{ path: key, message: 'not a quota' }]);
    }
  }
}

/** The tenant named by id or slug (the API takes ids, the CLI slugs); 404 when there is none. */
export async function findTenant(store: Pick<TenantStore, 'findById' | 'findBySlug'>, ref: string): Promise<TenantRow> {
  const tenant = (await store.findById(ref)) ?? (await store.findBySlug(ref));
  if (!tenant) throw new NotFoundError(`No tenant "${ref}"`, 'tenant_not_found');
  return tenant;
}

/**
 * The default tenant holds every row of a single-tenant installation and is where work outside
 * any scope runs (tenancy/tenant-scope.ts): it cannot be suspended or deleted.
 */
export function refuseDefaultTenant(tenant: TenantRow, action: 'suspended' | 'deleted'): void {
  if (tenant.id === DEFAULT_TENANT_ID) {
    throw new ConflictError(`The default tenant cannot be ${action}: it holds the installation's own work (docs/operations/tenants.md)`, 'default_tenant');
  }
}
