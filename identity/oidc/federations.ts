import { NotFoundError, ValidationError } from '../../infra/errors.js';
import type { FetchFunction } from '../../infra/outbound-http.js';
import { createFederationClient, type FederationClient, type FederationSettings } from './oidc-client.js';

/** One bot's federation: its client and whether a federated sign-in retires the local password. */
export interface Federation {
  bot: string;
  client: FederationClient;
  retireLocalPassword: boolean;
}

/**
 * The federations of the loaded bots, each from the bot's own config.csv (docs/migration/identity.md, "OIDC federation"). Users are
 * the deployment's, so usually one bot carries them; `bot` may be left out when exactly one does.
 * The providers are reached through `outbound.fetch`, the outbound door with the deployment's policy.
 */
export function createFederations(
  bots: (FederationSettings & { bot: string; retireLocalPassword: boolean })[], outbound: { fetch: FetchFunction }, clientFor = createFederationClient,
) {
  const byBot = new Map<string, Federation>(bots.map((b) => [b.bot, { bot: b.bot, client: clientFor(b, outbound.fetch), retireLocalPassword: b.retireLocalPassword }]));
  return {
    get size() {
      return byBot.size;
    },
    pick(bot: string | undefined): Federation {
      if (bot === undefined) {
        if (byBot.size === 1) return [...byBot.values()][0]!;
        if (byBot.size === 0) throw new NotFoundError('No bot configures oidc-provider-url', 'oidc_not_configured');
        throw new ValidationError('Several bots configure OIDC: say which with ?bot=', [{ path: 'query.bot', message: 'required' }]);
      }
      const federation = byBot.get(bot);
      if (!federation) throw new NotFoundError(`Bot "${bot}" does not configure oidc-provider-url`, 'oidc_not_configured');
      return federation;
    },
    /** The federation people of `bot` sign in with: the bot's own, else the deployment's only one, else none. */
    find(bot: string): Federation | undefined {
      return byBot.get(bot) ?? (byBot.size === 1 ? [...byBot.values()][0] : undefined);
    },
  };
}

export type Federations = ReturnType<typeof createFederations>;
