import type { TokenIssuer } from '../auth/index.js';
import { createDirectoryUsersRepo, createTenantsRepo, createTenantUsersRepo, type DatabaseHandle, type DirectoryUsersRepo } from '../db/index.js';
import type { IdentityProvider } from '../groups/index.js';
import type { FetchFunction } from '../infra/outbound-http.js';
import type { ScimRoutesDeps } from '../http/routes/scim.js';
import type { OidcRoutesDeps } from '../http/routes/oidc.js';
import {
  createFederations, createLoginStateSealer, createScimService, type FederatedAccounts, type IdentityUserStore,
} from '../identity/index.js';
import { ForbiddenError } from '../infra/errors.js';
import { DEFAULT_TENANT_ID, nonDefaultTenant, runAsTenant } from '../tenancy/index.js';
import type { RunnableBot } from './bots.js';

/**
 * Wiring of the identity area (docs/migration/identity.md): SCIM when some bot sets `scim-token`,
 * OIDC federation for each bot that sets the three oidc-* keys. Each is its bot's tenant's
 * (docs/operations/tenants.md, "Identity"): a SCIM request runs as the tenant of the bot whose
 * token it carries and provisions that tenant's own directory (the installation's accounts in the
 * default tenant, as before tenants); a federation signs people in to its bot's tenant.
 */
export function identityRoutes(deps: {
  bots: readonly RunnableBot[];
  database: DatabaseHandle;
  /** The installation's accounts (auth's users repository). */
  users: IdentityUserStore;
  groups: IdentityProvider;
  tokens: TokenIssuer;
  secret: Uint8Array;
  publicUrl: () => string;
  /** The outbound door with the deployment's policy: OIDC issuers serve the deployment's users, whichever bot names them. */
  fetch: FetchFunction;
}): { scim?: ScimRoutesDeps; oidc?: OidcRoutesDeps } {
  const scimTokens = deps.bots.flatMap((b) => (b.config['scim-token'] ? [{ token: b.config['scim-token'], tenant: b.tenantId }] : []));
  const federated = deps.bots.flatMap((b) => {
    const c = b.config;
    return c['oidc-provider-url'] && c['oidc-client-id'] && c['oidc-client-secret']
      ? [{ bot: b.name, tenant: b.tenantId, providerUrl: c['oidc-provider-url'], clientId: c['oidc-client-id'], clientSecret: c['oidc-client-secret'], retireLocalPassword: c['oidc-retire-local-password'] }]
      : [];
  });
  const db = deps.database.db;
  const tenantUsers = createTenantUsersRepo(db);
  return {
    ...(scimTokens.length ? {
      scim: {
        tokens: () => scimTokens,
        scim: createScimService({
          users: scopedDirectory(db),
          groups: deps.groups,
          // Groups created empty are owned by the tenant's oldest active admin (the groups area gives every group an owner).
          defaultOwner: async () => {
            const admins = nonDefaultTenant() === undefined ? await deps.users.match({ role: 'admin' }) : (await tenantUsers.list()).filter((u) => u.roles.includes('admin'));
            return admins.find((u) => u.is_active)?.id;
          },
        }),
      },
    } : {}),
    ...(federated.length ? {
      oidc: {
        federations: createFederations(federated, { fetch: deps.fetch, defaultTenant: DEFAULT_TENANT_ID }),
        sealer: createLoginStateSealer(deps.secret),
        accounts: federatedAccounts(deps.database, deps.users, tenantUsers),
        tokens: deps.tokens,
        publicUrl: deps.publicUrl,
      },
    } : {}),
  };
}

/** The directory of the tenant the work at hand is for: a SCIM request's, which runs as its token's tenant. */
function scopedDirectory(db: DatabaseHandle['db']): IdentityUserStore {
  const directories = new Map<string | undefined, DirectoryUsersRepo>();
  const here = (): DirectoryUsersRepo => {
    const tenant = nonDefaultTenant();
    let directory = directories.get(tenant);
    if (!directory) directories.set(tenant, directory = createDirectoryUsersRepo(db, tenant));
    return directory;
  };
  return {
    findById: (id) => here().findById(id),
    findByExternalId: (externalId) => here().findByExternalId(externalId),
    findByEmail: (email) => here().findByEmail(email),
    findByLogin: (identifier) => here().findByLogin(identifier),
    match: (m) => here().match(m),
    insert: (row) => here().insert(row),
    update: (id, changes) => here().update(id, changes),
    delete: (id) => here().delete(id),
    setPassword: (id, hash, mustChange) => here().setPassword(id, hash, mustChange),
    markFederated: (id, retire) => here().markFederated(id, retire),
  };
}

/**
 * Whom a federation signs in (identity/oidc/federated-sign-in.ts): in the default tenant the
 * installation's account and its own roles, as before tenants; in another the tenant's account
 * (its own directory's, else an installation account that is its member) with its roles there.
 */
function federatedAccounts(database: DatabaseHandle, users: IdentityUserStore, tenantUsers: ReturnType<typeof createTenantUsersRepo>): FederatedAccounts {
  const tenants = createTenantsRepo(database.db);
  return {
    async find(email, tenant) {
      if (tenant === DEFAULT_TENANT_ID) {
        const user = await users.findByEmail(email);
        return user && { user, roles: user.roles };
      }
      const row = await tenants.findById(tenant);
      if (!row) return undefined;
      if (row.status === 'suspended') throw new ForbiddenError(`The tenant "${row.slug}" is suspended`);
      const user = await runAsTenant(tenant, () => tenantUsers.findByEmail(email));
      return user && { user, roles: user.roles, tenant_id: tenant };
    },
    markFederated: (id, retire) => users.markFederated(id, retire),
  };
}
