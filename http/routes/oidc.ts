import { z } from 'zod';
import type { TokenIssuer } from '../../auth/index.js';
import { federatedSignIn, LOGIN_STATE_TTL_SECONDS, type FederatedAccounts, type Federations, type LoginStateSealer } from '../../identity/index.js';
import { UnauthorizedError } from '../../infra/errors.js';
import { nonDefaultTenant } from '../../tenancy/index.js';
import { defineRoute } from '../route.js';
import { AccessTokenSchema } from '../schemas/auth.js';

const COOKIE = 'sb_oidc';
const COOKIE_PATH = '/auth/oidc';

export interface OidcRoutesDeps {
  federations: Federations;
  sealer: LoginStateSealer;
  /** The accounts a federation signs in, in its bot's tenant (docs/operations/tenants.md, "Identity"). */
  accounts: FederatedAccounts;
  tokens: TokenIssuer;
  /** The externally visible base URL (PUBLIC_URL, else where the service listens): the callback is registered under it. */
  publicUrl: () => string;
}

const LoginQuerySchema = z.object({
  bot: z.string().min(1).max(100).optional()
    .meta({ description: 'The bot whose oidc-* settings to use; optional when only one bot sets them (of the tenant the address names, /t/{tenant}/auth/oidc/login)' }),
  return_to: z.string().regex(/^\/(?!\/)[^\s\\]*$/, 'a path on this site').max(500).optional()
    .meta({ description: 'A path on this site to send the browser to after sign-in, with #access_token=… appended; without it the callback answers the token as JSON' }),
});

const CallbackQuerySchema = z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }).loose();

function cookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/** "Sign in with your organization" (docs/migration/identity.md, "OIDC federation"). */
export function oidcRoutes(deps: OidcRoutesDeps) {
  const callbackUrl = () => `${deps.publicUrl()}${COOKIE_PATH}/callback`;
  return [
    defineRoute({
      method: 'get',
      path: '/auth/oidc/login',
      summary: 'Start signing in through the organization\'s identity provider (redirects there)',
      tag: 'auth',
      access: 'public',
      query: LoginQuerySchema,
      status: 302,
      response: { description: 'Redirect to the identity provider; the pending sign-in rides in an encrypted cookie' },
      errors: [404, 502],
      handle: async ({ query, res }) => {
        // A request addressed to a tenant (`/t/{tenant}/…`) runs in its scope: its bots' federations only.
        const federation = deps.federations.pick(query.bot, nonDefaultTenant());
        const { url, pending } = await federation.client.start(callbackUrl());
        const sealed = await deps.sealer.seal({
          ...pending, bot: federation.bot, tenant: federation.tenant, ...(query.return_to ? { returnTo: query.return_to } : {}),
        });
        res.cookie(COOKIE, sealed, {
          httpOnly: true, sameSite: 'lax', path: COOKIE_PATH, maxAge: LOGIN_STATE_TTL_SECONDS * 1000, secure: callbackUrl().startsWith('https:'),
        });
        res.redirect(302, url);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/auth/oidc/callback',
      summary: 'The identity provider\'s redirect back: checks the code (PKCE, state, nonce, id token) and issues our access token, for the tenant of the federation\'s bot',
      tag: 'auth',
      access: 'public',
      query: CallbackQuerySchema,
      response: { description: 'Access token (or a redirect to return_to with it in the fragment)', schema: AccessTokenSchema },
      errors: [401, 403, 502],
      handle: async ({ req, res, query }) => {
        const state = await deps.sealer.open(cookieOf(req.get('cookie')) ?? '');
        res.clearCookie(COOKIE, { path: COOKIE_PATH });
        if (!state) throw new UnauthorizedError('The sign-in expired or was not started here: start again at /auth/oidc/login');
        if (query.error) throw new UnauthorizedError(`The identity provider answered ${String(query.error)}`);
        // The callback address is the same for every tenant: the sealed state says whose federation this is.
        const federation = deps.federations.get(state.tenant, state.bot);
        if (!federation) throw new UnauthorizedError('The sign-in was started with a federation no longer configured: start again');
        const here = new URL(callbackUrl());
        here.search = new URL(req.originalUrl, 'http://callback.invalid').search;
        const identity = await federation.client.finish(here, state);
        const token = await federatedSignIn(deps, { identity, retireLocalPassword: federation.retireLocalPassword, tenant: federation.tenant });
        if (!state.returnTo) return token;
        res.redirect(302, `${state.returnTo}#${new URLSearchParams({ access_token: token.access_token, token_type: token.token_type, expires_in: String(token.expires_in) })}`);
        return undefined;
      },
    }),
  ];
}
