import type { TokenIssuer } from '../auth/index.js';
import type { IdentityProvider } from '../groups/index.js';
import type { FetchFunction } from '../infra/outbound-http.js';
import type { ScimRoutesDeps } from '../http/routes/scim.js';
import type { OidcRoutesDeps } from '../http/routes/oidc.js';
import { createFederations, createLoginStateSealer, createScimService, type IdentityUserStore } from '../identity/index.js';
import type { RunnableBot } from './bots.js';

/**
 * Wiring of the identity area (docs/migration/identity.md): SCIM when some bot sets `scim-token`,
 * OIDC federation for each bot that sets the three oidc-* keys. Users are the deployment's, so
 * the settings usually sit in one bot's config.csv.
 */
export function identityRoutes(deps: {
  bots: readonly RunnableBot[];
  users: IdentityUserStore;
  groups: IdentityProvider;
  tokens: TokenIssuer;
  secret: Uint8Array;
  publicUrl: () => string;
  /** The outbound door with the deployment's policy: OIDC issuers serve the deployment's users, whichever bot names them. */
  fetch: FetchFunction;
}): { scim?: ScimRoutesDeps; oidc?: OidcRoutesDeps } {
  const scimTokens = deps.bots.map((b) => b.config['scim-token']).filter((t): t is string => !!t);
  const federated = deps.bots.flatMap((b) => {
    const c = b.config;
    return c['oidc-provider-url'] && c['oidc-client-id'] && c['oidc-client-secret']
      ? [{ bot: b.name, providerUrl: c['oidc-provider-url'], clientId: c['oidc-client-id'], clientSecret: c['oidc-client-secret'], retireLocalPassword: c['oidc-retire-local-password'] }]
      : [];
  });
  return {
    ...(scimTokens.length ? {
      scim: {
        tokens: () => scimTokens,
        scim: createScimService({
          users: deps.users,
          groups: deps.groups,
          // Groups created empty are owned by the oldest active admin (the groups area gives every group an owner).
          defaultOwner: async () => (await deps.users.match({ role: 'admin' })).find((u) => u.is_active)?.id,
        }),
      },
    } : {}),
    ...(federated.length ? {
      oidc: { federations: createFederations(federated, { fetch: deps.fetch }), sealer: createLoginStateSealer(deps.secret), users: deps.users, tokens: deps.tokens, publicUrl: deps.publicUrl },
    } : {}),
  };
}
