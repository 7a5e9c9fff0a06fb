import type { UserRecord } from '../identity-store.js';
import { UserProfileSchema, type UserProfile } from '../user-profile.js';

/** The enterprise extension's schema id; its `department` is our users' department. */
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

interface MultiValue { value?: unknown; primary?: boolean; type?: string }

/** Our account as a SCIM User resource (RFC 7643 §4.1), `id` being our user id. */
export function toScimUser(user: UserRecord): Record<string, unknown> {
  return {
    id: user.id,
    userName: user.username,
    ...(user.external_id ? { externalId: user.external_id } : {}),
    ...(user.display_name ? { displayName: user.display_name, name: { formatted: user.display_name } } : {}),
    active: user.is_active,
    emails: [{ value: user.email, primary: true, type: 'work' }],
    ...(user.phone ? { phoneNumbers: [{ value: user.phone, type: 'work' }] } : {}),
    ...(user.department ? { [ENTERPRISE_USER]: { department: user.department } } : {}),
    meta: { created: user.created_at, lastModified: user.updated_at },
  };
}

/**
 * A SCIM User resource (already checked by scimmy against the schema) as a profile. The email is
 * the primary (else the first) address, or the userName when that is an address, as Entra ID
 * sends the user principal name there.
 */
export function profileFromScim(resource: Record<string, unknown>): ReturnType<typeof UserProfileSchema.safeParse> {
  const emails = (resource.emails as MultiValue[] | undefined) ?? [];
  const email = (emails.find((e) => e.primary) ?? emails[0])?.value ?? resource.userName;
  const phones = (resource.phoneNumbers as MultiValue[] | undefined) ?? [];
  const name = resource.name as { formatted?: string; givenName?: string; familyName?: string } | undefined;
  const displayName = (resource.displayName as string | undefined)
    ?? name?.formatted ?? ([name?.givenName, name?.familyName].filter(Boolean).join(' ') || undefined);
  const enterprise = resource[ENTERPRISE_USER] as { department?: string } | undefined;
  const profile: Partial<Record<keyof UserProfile, unknown>> = {
    username: resource.userName,
    email,
    display_name: displayName ?? '',
    phone: (phones.find((p) => p.primary) ?? phones[0])?.value ?? null,
    department: enterprise?.department ?? null,
    external_id: resource.externalId ?? null,
    active: resource.active ?? true,
  };
  return UserProfileSchema.safeParse(profile);
}
