import { e164 } from '../assign-conversation.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import type { Actor } from '../commands/attendant-scope.js';

/** What a channel tells of a writer that can make them an attendant (docs/channels/mobile-msg.md and docs/channels/workchat.md, "Attendants"). */
export interface AttendantIdentity {
  /** mobile_msg: the phone, matched in E.164 against the profile's phone. */
  phone?: string | undefined;
  /** workchat: the member's e-mail, matched against the profile's or the user's e-mail. */
  email?: string | undefined;
  /** workchat: the member's directory object id, matched against the profile's aliases. */
  directory_id?: string | undefined;
}

/**
 * The attendant a channel's writer is, by the identities the channel gives (set in the console or
 * imported from attendant.csv); undefined when none matches, so the writer is a customer. Only
 * users who still hold the attendant, supervisor or admin role count.
 */
export async function attendantByIdentity(repos: Pick<AttendanceRepositories, 'profiles' | 'users'>, who: AttendantIdentity): Promise<Actor | undefined> {
  const phone = e164(who.phone);
  const email = who.email?.trim().toLowerCase();
  const directoryId = who.directory_id?.trim().toLowerCase();
  if (!phone && !email && !directoryId) return undefined;
  const profiles = await repos.profiles.list();
  const profile = profiles.find((p) => (phone !== undefined && e164(p.phone) === phone)
    || (email && p.email?.trim().toLowerCase() === email)
    || (directoryId && p.aliases.some((a) => a.trim().toLowerCase() === directoryId)));
  const user = profile ? await repos.users.findById(profile.user_id) : email ? await repos.users.findByLogin(email) : undefined;
  if (!user || !user.roles.some((r) => r === 'attendant' || r === 'supervisor' || r === 'admin')) return undefined;
  // A user found by e-mail alone must have a profile too: attendants are users with one.
  if (!profile && !profiles.some((p) => p.user_id === user.id)) return undefined;
  return { user_id: user.id, roles: user.roles };
}
