import type { UserDirectory, UserRecord } from './user-directory.js';
import { ConflictError } from '../infra/errors.js';
import type { PasswordHasher } from './password-hasher.js';
import type { Role } from './roles.js';

export interface CreateUserInput {
  username: string;
  email: string;
  password: string;
  roles: Role[];
}

/** Creates a local user; usernames and emails are unique regardless of case (emails are stored in lower case). */
export async function createUser(deps: { users: UserDirectory; passwords: PasswordHasher }, input: CreateUserInput): Promise<UserRecord> {
  const email = input.email.trim().toLowerCase();
  const username = input.username.trim();
  const existing = await deps.users.findByUsernameOrEmail(username, email);
  if (existing) {
    const field = existing.username.toLowerCase() === username.toLowerCase() ? 'username' : 'email';
    throw new ConflictError(`A user with this ${field} already exists`, 'user_exists', { field });
  }
  const roles = [...new Set(input.roles)];
  try {
    return await deps.users.insert({
      username,
      email,
      password_hash: await deps.passwords.hash(input.password),
      roles,
      is_admin: roles.includes('admin'),
    });
  } catch (error) {
    // Lost a race with a concurrent insert of the same user: the unique constraint decides.
    if (await deps.users.findByUsernameOrEmail(username, email)) {
      throw new ConflictError('A user with this username or email already exists', 'user_exists');
    }
    throw error;
  }
}
