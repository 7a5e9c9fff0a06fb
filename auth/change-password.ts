import { ValidationError } from '../infra/errors.js';
import type { LoginThrottle } from './login-throttle.js';
import { checkCredentials } from './login.js';
import type { PasswordHasher } from './password-hasher.js';
import { MIN_PASSWORD_LENGTH } from './reset-password.js';
import { RoleSchema } from './roles.js';
import type { AccessToken, TokenIssuer } from './token-issuer.js';
import type { UserDirectory } from './user-directory.js';

export interface ChangePasswordInput {
  identifier: string;
  /** The current password: the one-time password of `switchboard credentials generate`, or any local one. */
  password: string;
  new_password: string;
  clientAddress?: string;
}

/**
 * `POST /api/auth/change-password`: the way past `password_change_required` (docs/migration/identity.md).
 * Checked like a login (same throttle, same answer for unknown users); the new password must
 * differ from the old one, clears the one-time flag and the caller gets a token at once.
 */
export async function changePassword(
  deps: { users: Pick<UserDirectory, 'findByLogin' | 'setPassword'>; passwords: PasswordHasher; tokens: TokenIssuer; throttle?: LoginThrottle },
  input: ChangePasswordInput,
): Promise<AccessToken> {
  const user = await checkCredentials(deps, input);
  if (input.new_password.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError(`The new password must be at least ${MIN_PASSWORD_LENGTH} characters`, [{ path: 'body.new_password', message: 'too short' }]);
  }
  if (input.new_password === input.password) {
    throw new ValidationError('The new password must differ from the current one', [{ path: 'body.new_password', message: 'same as the current password' }]);
  }
  await deps.users.setPassword(user.id, await deps.passwords.hash(input.new_password), false);
  return deps.tokens.issue({ user_id: user.id, username: user.username, roles: RoleSchema.array().parse(user.roles) });
}
