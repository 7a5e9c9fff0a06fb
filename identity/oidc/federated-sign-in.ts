import { RoleSchema, type AccessToken, type TokenIssuer } from '../../auth/index.js';
import { UnauthorizedError } from '../../infra/errors.js';
import type { UserRecord } from '../identity-store.js';
import type { FederatedIdentity } from './oidc-client.js';

/**
 * The accounts a federation signs in, given at the composition root: in the default tenant the
 * installation's account with this email and its own roles; in another tenant the account of the
 * tenant's own directory, else an installation account that is its member, with the roles there
 * (docs/operations/tenants.md, "Identity"). A suspended tenant is refused by `find` (ForbiddenError).
 */
export interface FederatedAccounts {
  find(email: string, tenant: string): Promise<{ user: UserRecord; roles: string[]; tenant_id?: string } | undefined>;
  markFederated(id: string, retirePassword: boolean): Promise<void>;
}

/**
 * The callback's decision (docs/migration/identity.md, "OIDC federation"): the provider's user is
 * our account with the same email in the federation's tenant, only when the provider says the email
 * is verified, and only while the account is active. The token is for that tenant, as a tenant
 * sign-in's is. The first federated sign-in is recorded; with `oidc-retire-local-password` it also
 * retires the local password (gradual migration).
 */
export async function federatedSignIn(
  deps: { accounts: FederatedAccounts; tokens: TokenIssuer },
  input: { identity: FederatedIdentity; retireLocalPassword: boolean; tenant: string },
): Promise<AccessToken> {
  const { identity } = input;
  if (!identity.email || !identity.emailVerified) {
    throw new UnauthorizedError('The identity provider did not vouch for a verified email address');
  }
  const account = await deps.accounts.find(identity.email, input.tenant);
  if (!account || !account.user.is_active) throw new UnauthorizedError('No active account has this email address');
  await deps.accounts.markFederated(account.user.id, input.retireLocalPassword);
  const { user } = account;
  return deps.tokens.issue({
    user_id: user.id, username: user.username, roles: RoleSchema.array().parse(account.roles), ...(account.tenant_id ? { tenant_id: account.tenant_id } : {}),
  });
}
