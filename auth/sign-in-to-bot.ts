import type { SignInRequest } from './bot-sign-in-links.js';
import { checkCredentials } from './login.js';
import type { LoginThrottle } from './login-throttle.js';
import { PasswordChangeRequiredError } from './password-change-required.js';
import { RoleSchema, type Role } from './roles.js';
import type { UserDirectory } from './user-directory.js';

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
  users: Pick<UserDirectory, 'findByLogin'>;
  throttle?: LoginThrottle;
  /** Hands the user to the session's waiting HEAR (engine/complete-sign-in.ts). */
  complete(request: SignInRequest, user: SignedInUser): Promise<BotSignInOutcome>;
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
  const user: SignedInUser = {
    id: record.id, username: record.username, email: record.email, name: record.display_name || record.username,
    roles: RoleSchema.array().parse(record.roles),
  };
  return { outcome: await deps.complete(input.request, user), user };
}
