import type { UserDirectory } from './user-directory.js';
import { UnauthorizedError } from '../infra/errors.js';
import { decoyHash, passwordHasher } from './password-hasher.js';
import { RoleSchema } from './roles.js';
import type { AccessToken, TokenIssuer } from './token-issuer.js';

export interface LoginInput {
  /** Username or email. */
  identifier: string;
  password: string;
}

/**
 * Checks a username-or-email and password and returns an access token. Every failure gives the
 * same error, so the answer never tells whether the account exists.
 */
export async function login(deps: { users: UserDirectory; tokens: TokenIssuer }, input: LoginInput): Promise<AccessToken> {
  const user = await deps.users.findByLogin(input.identifier.trim());
  const valid = await passwordHasher.verify(user?.password_hash ?? (await decoyHash), input.password);
  if (!user || !valid || !user.is_active) throw new UnauthorizedError('Invalid credentials');
  const roles = RoleSchema.array().parse(user.roles);
  return deps.tokens.issue({ user_id: user.id, username: user.username, roles });
}
