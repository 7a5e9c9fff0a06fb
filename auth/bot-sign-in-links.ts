import { createHmac } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { UnauthorizedError } from '../infra/errors.js';
import { isTenantId, nonDefaultTenant } from '../tenancy/index.js';

/** How long a sign-in link of HEAR x AS LOGIN opens (docs/basic.md, "HEAR AS LOGIN"): 15 minutes. */
export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;

/** The path of the sign-in page, before the link's token. */
export const SIGN_IN_PATH = '/bot-login';

const AUDIENCE = 'switchboard:bot-sign-in';
const ALGORITHM = 'HS256';

/**
 * Which HEAR a link answers: the session's, and the request the engine recorded on it (its nonce);
 * and, for a tenant's bot, the tenant (docs/operations/tenants.md, "Routing"), whose work its page is.
 */
export const SignInRequestSchema = z.object({
  session_id: z.string().min(1), bot: z.string().min(1), nonce: z.string().min(1), tenant_id: z.string().refine(isTenantId).optional(),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export interface BotSignInLinks {
  /** The absolute link to the sign-in page for this request, valid for the TTL from now. */
  url(request: SignInRequest): Promise<string>;
  /** The request a link's token carries; UnauthorizedError for a token not signed here or expired. */
  verify(token: string): Promise<SignInRequest>;
}

/**
 * The key sign-in links are signed with, derived from the service's token secret (like the drive
 * links), so it is never an access token's key: a link can never pass for a token, nor the reverse.
 */
export function signInLinkKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update('switchboard bot sign-in links').digest();
}

/**
 * Signed, expiring sign-in links (`<public url>/bot-login/<token>`): the token is an HS256 JWT
 * naming the session, the bot and the request's nonce. It proves only which HEAR it may answer;
 * the person still signs in with their own account, and the engine still checks that the session
 * waits on that very request (engine/complete-sign-in.ts).
 */
export function createBotSignInLinks(deps: { key: Uint8Array; publicUrl: () => string; ttlSeconds?: number }): BotSignInLinks {
  const ttl = deps.ttlSeconds ?? SIGN_IN_LINK_TTL_SECONDS;
  return {
    async url(request) {
      // The HEAR asks in its session's tenant: the link names it, so its page runs there too.
      const tenant = request.tenant_id ?? nonDefaultTenant();
      const token = await new SignJWT({ bot: request.bot, nonce: request.nonce, ...(tenant ? { tid: tenant } : {}) })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(request.session_id)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttl}s`)
        .sign(deps.key);
      return `${deps.publicUrl().replace(/\/$/, '')}${SIGN_IN_PATH}/${token}`;
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, deps.key, { audience: AUDIENCE, algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub'] });
        const request = SignInRequestSchema.safeParse({
          session_id: payload.sub, bot: payload.bot, nonce: payload.nonce, ...(payload.tid === undefined ? {} : { tenant_id: payload.tid }),
        });
        if (!request.success) throw new UnauthorizedError('This sign-in link is not valid');
        return request.data;
      } catch (error) {
        if (error instanceof UnauthorizedError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedError('This sign-in link has expired: ask the bot for a new one');
        throw new UnauthorizedError('This sign-in link is not valid');
      }
    },
  };
}
