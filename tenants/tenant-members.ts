import type { TenantMembershipRow, TenantRow } from '../db/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { DEFAULT_TENANT_ID } from '../tenancy/index.js';
import { findTenant } from './tenant-rules.js';
import type { MembershipStore, TenantStore, UserLookup } from './tenants-deps.js';

const ATTENDANT = 'attendant';

type Deps = { tenants: Pick<TenantStore, 'findById' | 'findBySlug'>; memberships: MembershipStore; users: UserLookup };

export interface PutMemberInput {
  /** Id or slug. */
  tenant: string;
  user_id: string;
  /** A tenant's roles (auth/roles.ts, TENANT_ROLES), checked at the edge. */
  roles: string[];
}

/**
 * Gives a user roles in a tenant, replacing those it had there (docs/operations/tenants.md,
 * "Members"). In the default tenant a user's roles are its own (`users.roles`): a membership
 * there is refused (409) rather than kept beside them.
 */
export async function putTenantMember(deps: Deps, input: PutMemberInput): Promise<TenantMembershipRow> {
  const tenant = await findTenant(deps.tenants, input.tenant);
  refuseDefault(tenant.id);
  if (!(await deps.users.findById(input.user_id))) throw new NotFoundError(`No user ${input.user_id}`, 'user_not_found');
  const roles = [...new Set(input.roles)];
  if (roles.includes(ATTENDANT) && tenant.max_attendants !== null) await assertAttendantRoom(deps, tenant, input.user_id);
  return deps.memberships.putMembership(tenant.id, input.user_id, roles);
}

/**
 * The tenant's `max_attendants` counts its members with the attendant role
 * (docs/operations/tenants.md, "Quotas"): a new one past it is refused, 409 `quota_exceeded`;
 * changing the roles of one already counted is not. A quota lowered below the count keeps those.
 */
async function assertAttendantRoom(deps: Pick<Deps, 'memberships'>, tenant: TenantRow, userId: string): Promise<void> {
  const others = (await deps.memberships.membersOf(tenant.id)).filter((m) => m.user_id !== userId && m.roles.includes(ATTENDANT));
  const limit = tenant.max_attendants!;
  if (others.length >= limit) {
    throw new ConflictError(`Tenant "${tenant.slug}" has its ${limit} attendant(s) (max_attendants): raise the quota or remove one first`, 'quota_exceeded', { quota: 'max_attendants', limit });
  }
}

/** Removes a user from a tenant; 404 when it was not a member. */
export async function removeTenantMember(deps: Omit<Deps, 'users'>, input: { tenant: string; user_id: string }): Promise<void> {
  const tenant = await findTenant(deps.tenants, input.tenant);
  refuseDefault(tenant.id);
  if (!(await deps.memberships.deleteMembership(tenant.id, input.user_id))) {
    throw new NotFoundError(`User ${input.user_id} is not a member of "${tenant.slug}"`, 'member_not_found');
  }
}

/** The members of a tenant. */
export async function listTenantMembers(deps: Omit<Deps, 'users'>, ref: string): Promise<TenantMembershipRow[]> {
  const tenant = await findTenant(deps.tenants, ref);
  return deps.memberships.membersOf(tenant.id);
}

function refuseDefault(tenantId: string): void {
  if (tenantId === DEFAULT_TENANT_ID) {
    throw new ConflictError('The default tenant has no memberships: a user\'s roles there are its own (PATCH the user instead)', 'default_tenant');
  }
}
