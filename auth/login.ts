import type { UserDirectory, UserRecord } from './user-directory.js';
import { ForbiddenError, UnauthorizedError } from '../infra/errors.js';
import type { LoginThrottle } from './login-throttle.js';
import { PasswordChangeRequiredError } from './password-change-required.js';
import type { PasswordHasher } from './password-hasher.js';
import { RoleSchema } from './roles.js';
import type { AccessToken, TokenIssuer } from './token-issuer.js';

export interface LoginInput {
  /** Username or email, in any case. */
  identifier: string;
  password: string;
  /** The caller's address, for the per-address failure count. */
  clientAddress?: string;
  /** The slug of the tenant to sign in to (docs/operations/tenants.md, "Signing in"); absent, the default tenant. */
  tenant?: string;
}

/** A user's roles in a tenant other than the default one: its membership's. */
export interface TenantMemberships {
  membership(userId: string, tenantSlug: string): Promise<{ tenant_id: string; status: 'active' | 'suspended'; roles: string[] } | undefined>;
  /** The same, by the tenant's id (a tenant's bot's sign-in page, auth/sign-in-to-bot.ts). */
  inTenant(userId: string, tenantId: string): Promise<{ roles: string[] } | undefined>;
}

/**
 * Checks a username-or-email and password and returns an access token. Every failure gives the
 * same error, so the answer never tells whether the account exists. With a throttle, runs of
 * failures per account (whichever of its names they used) and per address are refused with 429
 * before any password is checked.
 * Accounts without a local password (provisioned by a directory, or retired by federated sign-in)
 * fail like a wrong password; a right one-time password answers `PasswordChangeRequiredError`.
 */
export async function login(
  deps: { users: UserDirectory; passwords: PasswordHasher; tokens: TokenIssuer; throttle?: LoginThrottle; memberships?: TenantMemberships },
  input: LoginInput,
): Promise<AccessToken> {
  const user = await checkCredentials(deps, input);
  if (user.must_change_password) throw new PasswordChangeRequiredError();
  if (input.tenant === undefined || input.tenant === 'default') {
    return deps.tokens.issue({ user_id: user.id, username: user.username, roles: RoleSchema.array().parse(user.roles) });
  }
  // In another tenant, the roles are the membership's: a user who is not a member has none there.
  const member = await deps.memberships?.membership(user.id, input.tenant);
  if (!member) throw new ForbiddenError(`You are not a member of the tenant "${input.tenant}"`);
  if (member.status === 'suspended') throw new ForbiddenError(`The tenant "${input.tenant}" is suspended`);
  const roles = RoleSchema.array().parse(member.roles);
  return deps.tokens.issue({ user_id: user.id, username: user.username, roles, tenant_id: member.tenant_id });
}

/**
 * The throttled password check shared by login and change-password: the active user, or
 * UnauthorizedError (after counting the failure) — the same answer whether or not the account exists.
 */
export async function checkCredentials(
  deps: { users: Pick<UserDirectory, 'findByLogin'>; passwords: PasswordHasher; throttle?: LoginThrottle },
  input: { identifier: string; password: string; clientAddress?: string },
): Promise<UserRecord> {
  const identifier = input.identifier.trim();
  const address = input.clientAddress ?? 'unknown';
  // Found before the throttle is asked, so a username and an email of one user share its lockout.
  const found = await deps.users.findByLogin(identifier);
  const account = { identifier, ...(found ? { userId: found.id } : {}) };
  await deps.throttle?.assertAllowed(account, address);
  const user = await verifyPassword(deps.passwords, found, input.password);
  if (!user) {
    await deps.throttle?.failed(account, address);
    throw new UnauthorizedError('Invalid credentials');
  }
  await deps.throttle?.succeeded(account);
  return user;
}

/** The user if this is their local password and they are active, else undefined; unknown users cost as much time as a wrong password. */
async function verifyPassword(passwords: PasswordHasher, user: UserRecord | undefined, password: string): Promise<UserRecord | undefined> {
  const valid = await passwords.verify(user?.password_hash, password);
  return user && valid && user.is_active ? user : undefined;
}
