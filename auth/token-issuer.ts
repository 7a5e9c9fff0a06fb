import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { UnauthorizedError } from '../infra/errors.js';
import { isTenantId } from '../tenancy/index.js';
import { RoleSchema, type Principal } from './roles.js';

const ISSUER = 'switchboard';
const ALGORITHM = 'HS256';

/** What `POST /api/auth/login` returns. */
export interface AccessToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** Signs and verifies the service's access tokens (HS256 JWTs) with one shared secret. */
export interface TokenIssuer {
  issue(principal: Principal): Promise<AccessToken>;
  /** Throws UnauthorizedError for anything but a valid, unexpired token of ours. */
  verify(token: string): Promise<Principal>;
}

export function createTokenIssuer(secret: Uint8Array, ttlSeconds: number): TokenIssuer {
  return {
    async issue(principal) {
      const claims = { username: principal.username, roles: principal.roles, ...(principal.tenant_id ? { tenant: principal.tenant_id } : {}) };
      const access_token = await new SignJWT(claims)
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(principal.user_id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret);
      return { access_token, token_type: 'Bearer', expires_in: ttlSeconds };
    },
    async verify(token) {
      try {
        // A token without `exp` would never expire: refused like a malformed one.
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: [ALGORITHM], requiredClaims: ['exp'] });
        const roles = RoleSchema.array().safeParse(payload.roles);
        if (!payload.sub || typeof payload.username !== 'string' || !roles.success) {
          throw new UnauthorizedError('The access token is malformed');
        }
        if (payload.tenant !== undefined && !isTenantId(payload.tenant)) throw new UnauthorizedError('The access token is malformed');
        return { user_id: payload.sub, username: payload.username, roles: roles.data, ...(payload.tenant ? { tenant_id: payload.tenant } : {}) };
      } catch (error) {
        if (error instanceof UnauthorizedError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedError('The access token has expired');
        throw new UnauthorizedError('The access token is invalid');
      }
    },
  };
}
