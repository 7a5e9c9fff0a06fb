import type { UserDirectory } from './user-directory.js';
import { UnauthorizedError } from '../infra/errors.js';
import type { LoginThrottle } from './login-throttle.js';
import { decoyHash, passwordHasher } from './password-hasher.js';
import { RoleSchema } from './roles.js';
import type { AccessToken, TokenIssuer } from './token-issuer.js';

export interface LoginInput {
  /** Username or email, in any case. */
  identifier: string;
  password: string;
  /** The caller's address, for the per-address failure count. */
  clientAddress?: string;
}

/**
 * Checks a username-or-email and password and returns an access token. Every failure gives the
 * same error, so the answer never tells whether the account exists. With a throttle, runs of
 * failures per account and per address are refused with 429 before any password is checked.
 */
export async function login(
  deps: { users: UserDirectory; tokens: TokenIssuer; throttle?: LoginThrottle },
  input: LoginInput,
): Promise<AccessToken> {
  const identifier = input.identifier.trim();
  const address = input.clientAddress ?? 'unknown';
  await deps.throttle?.assertAllowed(identifier, address);
  const user = await deps.users.findByLogin(identifier);
  const valid = await passwordHasher.verify(user?.password_hash ?? (await decoyHash), input.password);
  if (!user || !valid || !user.is_active) {
    await deps.throttle?.failed(identifier, address);
    throw new UnauthorizedError('Invalid credentials');
  }
  await deps.throttle?.succeeded(identifier);
  const roles = RoleSchema.array().parse(user.roles);
  return deps.tokens.issue({ user_id: user.id, username: user.username, roles });
}
