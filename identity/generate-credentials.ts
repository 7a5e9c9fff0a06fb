import { randomBytes } from 'node:crypto';
import { RoleSchema, type PasswordHasher } from '../auth/index.js';
import { ValidationError } from '../infra/errors.js';
import type { IdentityUserStore, UserMatch, UserRecord } from './identity-store.js';

/** One line of the credentials file: who, and the one-time password to hand over. */
export interface OneTimeCredential {
  username: string;
  email: string;
  password: string;
}

const SOURCES = ['local', 'scim', 'ldap', 'csv'] as const;

/**
 * The `--users` filter (docs/migration/identity.md, "Bulk credentials"): `all`, `role:<role>`,
 * `source:<local|scim|ldap|csv>`, or a comma-separated list of usernames or emails.
 */
export function parseUserFilter(filter: string): UserMatch | { logins: string[] } {
  const [kind, ...rest] = filter.trim().split(':');
  const value = rest.join(':').trim();
  if (kind === 'all' && rest.length === 0) return {};
  if (kind === 'role' && RoleSchema.safeParse(value).success) return { role: value };
  if (kind === 'source' && (SOURCES as readonly string[]).includes(value)) return { source: value as UserRecord['source'] };
  if (rest.length === 0 && filter.trim()) return { logins: filter.split(',').map((l) => l.trim()).filter(Boolean) };
  throw new ValidationError(`Unknown --users filter "${filter}": use all, role:<${RoleSchema.options.join('|')}>, source:<${SOURCES.join('|')}> or user1,user2`);
}

/**
 * `switchboard credentials generate`: a fresh one-time password for every active user the
 * filter selects, stored only as a hash and flagged so the first login must change it. The
 * passwords are returned to be written to the operator's file, nowhere else.
 */
export async function generateCredentials(
  deps: { users: Pick<IdentityUserStore, 'match' | 'findByLogin' | 'setPassword'>; passwords: PasswordHasher },
  filter: string,
): Promise<OneTimeCredential[]> {
  const parsed = parseUserFilter(filter);
  let users: UserRecord[];
  if ('logins' in parsed) {
    users = [];
    for (const login of parsed.logins) {
      const user = await deps.users.findByLogin(login);
      if (!user) throw new ValidationError(`No user "${login}"`);
      users.push(user);
    }
  } else {
    users = await deps.users.match(parsed);
  }
  const credentials: OneTimeCredential[] = [];
  for (const user of users.filter((u) => u.is_active)) {
    const password = randomBytes(12).toString('base64url');
    await deps.users.setPassword(user.id, await deps.passwords.hash(password), true);
    credentials.push({ username: user.username, email: user.email, password });
  }
  return credentials;
}
