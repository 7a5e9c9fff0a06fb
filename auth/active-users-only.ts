import { UnauthorizedError } from '../infra/errors.js';
import type { TokenIssuer } from './token-issuer.js';

/**
 * Wraps the token issuer so a token of a user deactivated since it was issued (SCIM `active:false`,
 * a directory sync, an import) is refused at once, on HTTP and sockets alike
 * (docs/migration/identity.md, "Deactivation"). Costs one primary-key read per verification.
 */
export function activeUsersOnly(tokens: TokenIssuer, isActive: (userId: string) => Promise<boolean>): TokenIssuer {
  return {
    issue: (principal) => tokens.issue(principal),
    async verify(token) {
      const principal = await tokens.verify(token);
      if (!(await isActive(principal.user_id))) throw new UnauthorizedError('This account is deactivated');
      return principal;
    },
  };
}
