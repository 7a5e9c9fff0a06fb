import { z } from 'zod';
import { TenantRoleSchema, type Role } from '../auth/index.js';
import type { UserChanges, UserRecord } from './identity-store.js';

const optionalText = z.string().trim().max(200).nullish().transform((v) => (v ? v : null));

/**
 * A user as a directory describes one (a SCIM resource, an LDAP entry, a CSV row), after mapping
 * to our fields (docs/migration/identity.md). Fields left out are left as they are on update.
 */
export const UserProfileSchema = z.object({
  username: z.string().trim().min(1).max(100).regex(/^[\w.@-]+$/, 'letters, digits and . _ - @ only'),
  email: z.email().max(254).transform((e) => e.toLowerCase()),
  display_name: z.string().trim().max(200).optional(),
  phone: optionalText.optional(),
  department: optionalText.optional(),
  external_id: optionalText.optional(),
  // A directory gives a tenant's roles, never the installation's operator (docs/operations/tenants.md, "Operators").
  roles: TenantRoleSchema.array().optional(),
  active: z.boolean().optional(),
});

export type UserProfile = z.output<typeof UserProfileSchema>;

/** The columns of a new account for this profile; no local password until credentials or federation give one. */
export function newUserRow(profile: UserProfile, source: UserRecord['source']) {
  const roles = [...new Set(profile.roles ?? [])];
  return {
    username: profile.username, email: profile.email, display_name: profile.display_name ?? '',
    phone: profile.phone ?? null, department: profile.department ?? null, external_id: profile.external_id ?? null,
    roles, is_admin: roles.includes('admin'), is_active: profile.active ?? true, source, password_hash: null,
  };
}

/** Only what differs between the stored account and the profile; empty when nothing changed. */
export function profileChanges(user: UserRecord, profile: UserProfile): UserChanges {
  const changes: UserChanges = {};
  if (user.username !== profile.username) changes.username = profile.username;
  if (user.email !== profile.email) changes.email = profile.email;
  if (profile.display_name !== undefined && user.display_name !== profile.display_name) changes.display_name = profile.display_name;
  if (profile.phone !== undefined && user.phone !== profile.phone) changes.phone = profile.phone;
  if (profile.department !== undefined && user.department !== profile.department) changes.department = profile.department;
  if (profile.external_id !== undefined && user.external_id !== profile.external_id) changes.external_id = profile.external_id;
  if (profile.active !== undefined && user.is_active !== profile.active) changes.is_active = profile.active;
  if (profile.roles !== undefined && !sameRoles(user.roles, profile.roles)) {
    changes.roles = [...new Set(profile.roles)];
    changes.is_admin = profile.roles.includes('admin');
  }
  return changes;
}

function sameRoles(stored: string[], wanted: Role[]): boolean {
  const a = [...new Set(stored)].sort();
  const b = [...new Set(wanted)].sort();
  return a.length === b.length && a.every((r, i) => r === b[i]);
}
