import type { AttendanceRepositories } from '../attendance-repositories.js';
import { attends } from '../attendants/attendance-users.js';
import type { Actor } from '../commands/attendant-scope.js';

/** A workspace user as the team_chat request URLs identify them. */
export interface TeamChatIdentity {
  /** The workspace's user id (`U…`). */
  id: string;
  /** Their email, when the app may read it (`users:read.email`). */
  email?: string;
}

const same = (a: string | null | undefined, b: string | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The attendant a workspace user is (docs/channels/team-chat.md, "Linking attendants"): the one
 * whose profile aliases hold the user id, else the one whose profile or account email is the
 * user's. Only active users who may attend count; undefined when none matches.
 */
export async function attendantByTeamChatUser(repos: Pick<AttendanceRepositories, 'profiles' | 'users'>, user: TeamChatIdentity): Promise<Actor | undefined> {
  const profiles = await repos.profiles.list();
  const users = await repos.users.list();
  const byAlias = profiles.find((p) => p.aliases.some((a) => same(a, user.id)))?.user_id;
  const byEmail = user.email
    ? (profiles.find((p) => same(p.email, user.email))?.user_id ?? users.find((u) => same(u.email, user.email))?.id)
    : undefined;
  const match = users.find((u) => u.id === (byAlias ?? byEmail));
  return match && attends(match) ? { user_id: match.id, roles: match.roles } : undefined;
}
