import { z } from 'zod';

/**
 * The roles of local users. Admins pass every role check of a tenant's routes; the others gate
 * their own areas. `operator` is the installation's, not a tenant's: it manages the tenants
 * (docs/operations/tenants.md, "Operators"), and an admin does not pass its checks.
 */
export const ROLES = ['admin', 'supervisor', 'attendant', 'author', 'operator'] as const;

/** The roles of the installation rather than of a tenant; an admin does not hold them by being one. */
export const PLATFORM_ROLES = ['operator'] as const;

/**
 * The roles a tenant gives (a membership, an admin's new user, a directory's profile): every role
 * but the platform's, which no tenant-level caller may hand out.
 */
export const TENANT_ROLES = ['admin', 'supervisor', 'attendant', 'author'] as const;

export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;
export const TenantRoleSchema = z.enum(TENANT_ROLES);
export type TenantRole = z.infer<typeof TenantRoleSchema>;

/** Who is calling, as read from a verified access token. */
export interface Principal {
  user_id: string;
  username: string;
  /** The roles in the tenant the token is for. */
  roles: Role[];
  /** The tenant the token is for (docs/operations/tenants.md); absent for the default tenant. */
  tenant_id?: string;
}

const isPlatformRole = (role: Role) => (PLATFORM_ROLES as readonly Role[]).includes(role);

/**
 * True when the principal holds one of `allowed`, or is an admin and `allowed` names a tenant's
 * role: a route open only to platform roles (the tenants' routes) is not an admin's.
 */
export function hasAnyRole(principal: Principal, allowed: readonly Role[]): boolean {
  if (principal.roles.some((r) => allowed.includes(r))) return true;
  return principal.roles.includes('admin') && allowed.some((r) => !isPlatformRole(r));
}
