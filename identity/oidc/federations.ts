import { NotFoundError, ValidationError } from '../../infra/errors.js';
import type { FetchFunction } from '../../infra/outbound-http.js';
import { createFederationClient, type FederationClient, type FederationSettings } from './oidc-client.js';

/** One bot's federation: its tenant, its client and whether a federated sign-in retires the local password. */
export interface Federation {
  bot: string;
  /** The tenant of the bot that configures it: whom it signs in, and to which tenant (docs/operations/tenants.md, "Identity"). */
  tenant: string;
  client: FederationClient;
  retireLocalPassword: boolean;
}

/**
 * The federations of the loaded bots, each from the bot's own config.csv (docs/migration/identity.md,
 * "OIDC federation"). A federation signs people in to its bot's tenant. Bot names are unique within
 * a tenant, so a federation is found by tenant and name; a sign-in addressed to a tenant
 * (`/t/{tenant}/auth/oidc/login`) picks among that tenant's only, one addressed to none as a bot's
 * public address does: the default tenant's bot of that name, else the one bot of that name.
 * The providers are reached through `outbound.fetch`, the outbound door with the deployment's policy.
 */
export function createFederations(
  bots: (FederationSettings & { bot: string; tenant: string; retireLocalPassword: boolean })[],
  outbound: { fetch: FetchFunction; defaultTenant: string },
  clientFor = createFederationClient,
) {
  const all: Federation[] = bots.map((b) => ({ bot: b.bot, tenant: b.tenant, client: clientFor(b, outbound.fetch), retireLocalPassword: b.retireLocalPassword }));
  const of = (tenant: string) => all.filter((f) => f.tenant === tenant);
  return {
    get size() {
      return all.length;
    },
    /** The federation a sign-in starts with: `bot`'s, in `tenant` when the request is addressed to one; without `bot`, the only one there is. */
    pick(bot: string | undefined, tenant: string | undefined): Federation {
      const candidates = tenant === undefined ? all : of(tenant);
      if (bot === undefined) {
        if (candidates.length === 1) return candidates[0]!;
        if (candidates.length === 0) throw new NotFoundError('No bot configures oidc-provider-url', 'oidc_not_configured');
        throw new ValidationError('Several bots configure OIDC: say which with ?bot=', [{ path: 'query.bot', message: 'required' }]);
      }
      const named = candidates.filter((f) => f.bot === bot);
      const federation = named.length === 1 ? named[0] : named.find((f) => f.tenant === outbound.defaultTenant);
      if (!federation) {
        if (named.length > 1) throw new ValidationError(`Several tenants have a bot "${bot}": sign in at /t/{tenant}/auth/oidc/login`, [{ path: 'query.bot', message: 'ambiguous' }]);
        throw new NotFoundError(`Bot "${bot}" does not configure oidc-provider-url`, 'oidc_not_configured');
      }
      return federation;
    },
    /** The federation a pending sign-in was started with, by its tenant and bot. */
    get(tenant: string, bot: string): Federation | undefined {
      return all.find((f) => f.tenant === tenant && f.bot === bot);
    },
    /** The federation people of `bot` (of `tenant`) sign in with: the bot's own, else its tenant's only one, else none. */
    find(bot: string, tenant: string): Federation | undefined {
      const own = of(tenant);
      return own.find((f) => f.bot === bot) ?? (own.length === 1 ? own[0] : undefined);
    },
  };
}

export type Federations = ReturnType<typeof createFederations>;
