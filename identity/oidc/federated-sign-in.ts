import { RoleSchema, type AccessToken, type TokenIssuer } from '../../auth/index.js';
import { UnauthorizedError } from '../../infra/errors.js';
import type { IdentityUserStore } from '../identity-store.js';
import type { FederatedIdentity } from './oidc-client.js';

/**
 * The callback's decision (docs/migration/identity.md, "OIDC federation"): the provider's user is
 * our account with the same email, only when the provider says the email is verified, and only
 * while the account is active. The first federated sign-in is recorded; with
 * `oidc-retire-local-password` it also retires the local password (gradual migration).
 */
export async function federatedSignIn(
  deps: { users: Pick<IdentityUserStore, 'findByEmail' | 'markFederated'>; tokens: TokenIssuer },
  input: { identity: FederatedIdentity; retireLocalPassword: boolean },
): Promise<AccessToken> {
  const { identity } = input;
  if (!identity.email || !identity.emailVerified) {
    throw new UnauthorizedError('The identity provider did not vouch for a verified email address');
  }
  const user = await deps.users.findByEmail(identity.email);
  if (!user || !user.is_active) throw new UnauthorizedError('No active account has this email address');
  await deps.users.markFederated(user.id, input.retireLocalPassword);
  return deps.tokens.issue({ user_id: user.id, username: user.username, roles: RoleSchema.array().parse(user.roles) });
}
