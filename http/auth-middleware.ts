import type { Request } from 'express';
import { hasAnyRole, type TokenIssuer } from '../auth/index.js';
import { ForbiddenError, UnauthorizedError } from '../infra/errors.js';
import type { Access, Authorizer } from './route.js';

/**
 * Reads `Authorization: Bearer <token>`, verifies it and checks the route's roles.
 * Public routes get no principal; everything else needs a valid token (401) and, where roles are
 * listed, one of them (403).
 */
export function createAuthorizer(tokens: TokenIssuer): Authorizer {
  return async (req: Request, access: Access) => {
    if (access === 'public') return undefined;
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new UnauthorizedError();
    const principal = await tokens.verify(match[1]!);
    if (access !== 'authenticated' && !hasAnyRole(principal, access)) throw new ForbiddenError();
    return principal;
  };
}
