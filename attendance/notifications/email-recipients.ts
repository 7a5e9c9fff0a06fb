/**
 * Who receives each attendance notice, as pure choices over rows the caller loaded:
 * the attendant for assignments, supervisors for queue alerts, the manager for SLA breaches, the
 * customer for the resolved notice. Kept apart from the queries so the rules read (and test) alone.
 */
import { z } from 'zod';

const emailSchema = z.email();

/** A user as recipient choice sees them. */
export interface StaffUser {
  email: string;
  roles: readonly string[];
  is_admin: boolean;
  is_active: boolean;
}

/** True for a single plain address (`name@host`); config values such as `supervisor` are not. */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && emailSchema.safeParse(value.trim()).success;
}

/** Addresses without blanks or duplicates (case-insensitive), in first-seen order. */
export function uniqueAddresses(values: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    if (!isEmailAddress(value)) continue;
    const address = value.trim();
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  return out;
}

/** An attendant's address: the one on their attendant profile, else their account's. */
export function attendantAddress(profileEmail: string | null | undefined, userEmail: string | null | undefined): string | undefined {
  if (isEmailAddress(profileEmail)) return profileEmail.trim();
  return isEmailAddress(userEmail) ? userEmail.trim() : undefined;
}

const hasRole = (user: StaffUser, role: string) => user.roles.includes(role) || (role === 'admin' && user.is_admin);

/** queue_alert: active supervisors, plus `attendance-email-recipient` when it is an address. */
export function supervisorAddresses(users: readonly StaffUser[], recipient?: string): string[] {
  const supervisors = users.filter((u) => u.is_active && hasRole(u, 'supervisor')).map((u) => u.email);
  return uniqueAddresses([...supervisors, recipient]);
}

/**
 * sla_breach: "the manager" — `attendance-email-recipient` when it is an address, else every
 * active admin and supervisor (the people who can reassign).
 */
export function managerAddresses(users: readonly StaffUser[], recipient?: string): string[] {
  if (isEmailAddress(recipient)) return [recipient.trim()];
  return uniqueAddresses(users.filter((u) => u.is_active && (hasRole(u, 'admin') || hasRole(u, 'supervisor'))).map((u) => u.email));
}

/** resolved: the CRM contact's address, else `context_data.email` of the session. */
export function customerAddress(contactEmail: string | null | undefined, context: Record<string, unknown>): string | undefined {
  if (isEmailAddress(contactEmail)) return contactEmail.trim();
  return isEmailAddress(context.email) ? context.email.trim() : undefined;
}

/**
 * customer_waiting when nobody holds the conversation: the queue's active members when it is in a
 * queue, else the online attendants who serve its channel (`all` or the same channel).
 */
export function waitingAudience(input: {
  queueMembers?: readonly { user_id: string; is_active: boolean }[];
  profiles: readonly { user_id: string; status: string; channel: string }[];
  channel: string;
}): string[] {
  if (input.queueMembers) return input.queueMembers.filter((m) => m.is_active).map((m) => m.user_id);
  return input.profiles.filter((p) => p.status === 'online' && (p.channel === 'all' || p.channel === input.channel)).map((p) => p.user_id);
}
