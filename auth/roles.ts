import { z } from 'zod';

/** The roles of local users. Admins pass every role check; the others gate their own areas. */
export const ROLES = ['admin', 'supervisor', 'attendant', 'author'] as const;

export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Who is calling, as read from a verified access token. */
export interface Principal {
  user_id: string;
  username: string;
  /** The roles in the tenant the token is for. */
  roles: Role[];
  /** The tenant the token is for (docs/operations/tenants.md); absent for the default tenant. */
  tenant_id?: string;
}

/** True when the principal holds one of `allowed`, or is an admin. */
export function hasAnyRole(principal: Principal, allowed: readonly Role[]): boolean {
  return principal.roles.includes('admin') || principal.roles.some((r) => allowed.includes(r));
}
