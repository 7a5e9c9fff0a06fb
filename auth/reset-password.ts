import { randomBytes } from 'node:crypto';
import type { UsersRepo } from '../db/index.js';
import { NotFoundError, ValidationError } from '../infra/errors.js';
import type { PasswordHasher } from './password-hasher.js';

/** Shortest password accepted, as for ADMIN_PASSWORD and new users. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * `switchboard admin reset-password <username>`: sets the user's password to `password`, or to a
 * generated one that is returned so the operator can hand it over. Only the argon2id hash is stored.
 */
export async function resetPassword(
  deps: { users: Pick<UsersRepo, 'setPasswordHash'>; passwords: PasswordHasher },
  input: { username: string; password?: string },
): Promise<{ password: string; generated: boolean }> {
  const generated = input.password === undefined;
  const password = input.password ?? randomBytes(12).toString('base64url');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (!(await deps.users.setPasswordHash(input.username.trim(), await deps.passwords.hash(password)))) {
    throw new NotFoundError(`No user named "${input.username}"`, 'user_not_found');
  }
  return { password, generated };
}
