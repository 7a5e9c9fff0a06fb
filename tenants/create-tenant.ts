import type { TenantRow } from '../db/index.js';
import { ConflictError } from '../infra/errors.js';
import { assertQuotas, assertSlug } from './tenant-rules.js';
import type { TenantStore } from './tenants-deps.js';

export interface CreateTenantInput {
  slug: string;
  /** Shown to people; the slug when absent. */
  name?: string;
  max_bots?: number | null;
  max_attendants?: number | null;
  max_storage_bytes?: number | null;
}

/** Creates an active tenant (docs/operations/tenants.md, "Create"); a slug already taken is a 409. */
export async function createTenant(deps: { tenants: Pick<TenantStore, 'create' | 'findBySlug'> }, input: CreateTenantInput): Promise<TenantRow> {
  assertSlug(input.slug);
  const { slug, name, ...quotas } = input;
  assertQuotas(quotas);
  const taken = () => new ConflictError(`The slug "${slug}" is taken`, 'slug_taken');
  if (await deps.tenants.findBySlug(slug)) throw taken();
  try {
    return await deps.tenants.create({ slug, name: name?.trim() || slug, ...quotas });
  } catch (error) {
    // Another operator took it between the check and the insert: the unique key refused it.
    if (await deps.tenants.findBySlug(slug)) throw taken();
    throw error;
  }
}
