import type { SignInRequest } from './bot-sign-in-links.js';
import { checkCredentials, type TenantMemberships } from './login.js';
import type { LoginThrottle } from './login-throttle.js';
import { PasswordChangeRequiredError } from './password-change-required.js';
import { RoleSchema, type Role } from './roles.js';
import type { TokenIssuer } from './token-issuer.js';
import type { PasswordHasher } from './password-hasher.js';
import type { UserDirectory, UserRecord } from './user-directory.js';
import { ForbiddenError, UnauthorizedError } from '../infra/errors.js';

/** The user HEAR x AS LOGIN answers with (docs/basic.md, "HEAR AS LOGIN"): who, never a credential. */
export interface SignedInUser {
  id: string;
  username: string;
  email: string;
  /** The display name, else the username. */
  name: string;
  roles: Role[];
}

/** What became of a sign-in: the waiting dialog took the user, or it no longer waits for this link. */
export type BotSignInOutcome = 'signed_in' | 'stale';

export interface SignInToBotDeps {
  users: Pick<UserDirectory, 'findByLogin' | 'findById'>;
  passwords: PasswordHasher;
  throttle?: LoginThrottle;
  /** Hands the user to the session's waiting HEAR (engine/complete-sign-in.ts). */
  complete(request: SignInRequest, user: SignedInUser): Promise<BotSignInOutcome>;
  /** For a tenant's bot: the person's membership there, whose roles they have in its dialogs. */
  memberships?: Pick<TenantMemberships, 'inTenant'>;
}

/**
 * A person signs in on the page a bot's HEAR x AS LOGIN linked them to, for the request its link
 * named (the page checked the link first, so a forged one costs no password check): their
 * username or email and password are checked as the API's login checks them (same throttle, same
 * answer whether or not the account exists; a one-time password must be changed first), and the
 * user goes to the dialog.
 */
export async function signInToBot(
  deps: SignInToBotDeps,
  input: { request: SignInRequest; identifier: string; password: string; clientAddress?: string },
): Promise<{ outcome: BotSignInOutcome; user: SignedInUser }> {
  const record = await checkCredentials(deps, input);
  if (record.must_change_password) throw new PasswordChangeRequiredError();
  const user = await signedInUser(deps, record, input.request);
  return { outcome: await deps.complete(input.request, user), user };
}

/**
 * The same, for a person who signed in through the organization's identity provider instead
 * (OIDC federation, docs/migration/identity.md): the access token our callback issued them, still
 * valid and of a user still active, names who they are.
 */
export async function signInToBotWithToken(
  deps: Pick<SignInToBotDeps, 'users' | 'complete' | 'memberships'> & { tokens: Pick<TokenIssuer, 'verify'> },
  input: { request: SignInRequest; accessToken: string },
): Promise<{ outcome: BotSignInOutcome; user: SignedInUser }> {
  const principal = await deps.tokens.verify(input.accessToken);
  const record = await deps.users.findById(principal.user_id);
  if (!record?.is_active) throw new UnauthorizedError('This account is not active');
  const user = await signedInUser(deps, record, input.request);
  return { outcome: await deps.complete(input.request, user), user };
}

/**
 * The person as the dialog gets them. A tenant's bot (docs/operations/tenants.md, "Members") takes
 * only the tenant's members, with their roles there: anyone else is refused (ForbiddenError).
 */
async function signedInUser(deps: Pick<SignInToBotDeps, 'memberships'>, record: UserRecord, request: SignInRequest): Promise<SignedInUser> {
  const member = request.tenant_id === undefined ? undefined : await deps.memberships?.inTenant(record.id, request.tenant_id);
  if (request.tenant_id !== undefined && !member) throw new ForbiddenError('This account is not a member of the bot\'s organization');
  return {
    id: record.id, username: record.username, email: record.email, name: record.display_name || record.username,
    roles: RoleSchema.array().parse(member ? member.roles : record.roles),
  };
}
