import { currentTenant, DEFAULT_TENANT_ID, scopedTenant } from '../tenancy/index.js';
import type { RunnableBot } from './bots.js';

/**
 * The loaded bots: the one look-up every area's wiring goes through. What a request, job or event
 * finds is its tenant's bots only; another tenant's bot is no bot, as an unknown one
 * (docs/operations/tenants.md, "Bots").
 */
export interface BotRegistry {
  /** Every tenant's bots: what start-up wires for each of them (phone numbers, webhook jobs, identity federation). */
  readonly all: readonly RunnableBot[];
  /**
   * A bot of the tenant the work at hand is for (the default tenant's outside any scope), by its id
   * or its name: the ports of the areas, handed either by a request, a job or an event.
   */
  find(idOrName: string): RunnableBot | undefined;
  /**
   * A bot by its name only: what public addresses name (`/api/channels/web/{bot}`, `/webhooks/{channel}/{bot}`).
   * Names are unique in a tenant: inside a tenant's scope, that tenant's bot; outside any, the one
   * bot of that name, or the default tenant's when several tenants use it: how a public request
   * finds its tenant before it runs in it (docs/operations/tenants.md, "Routing").
   */
  named(name: string): RunnableBot | undefined;
  /** The tenant a bot belongs to, by its id, whatever the scope: where that bot's drive is kept (app/script-host.ts, botDrives). */
  tenantOf(botId: string): string | undefined;
  /**
   * The bots of the tenant the work at hand is for, and `find`: what the routes that may leave
   * "the only bot" unnamed see (the CRM's, docs/crm.md).
   */
  readonly ofTenant: { readonly all: readonly RunnableBot[]; find(idOrName: string): RunnableBot | undefined };
}

export function createBotRegistry(bots: readonly RunnableBot[]): BotRegistry {
  const byTenantAndName = new Map(bots.map((b) => [`${b.tenantId}/${b.name}`, b]));
  const byName = new Map<string, RunnableBot[]>();
  for (const bot of bots) byName.set(bot.name, [...(byName.get(bot.name) ?? []), bot]);
  const byId = new Map(bots.map((b) => [b.id, b]));
  const byTenant = new Map<string, RunnableBot[]>();
  for (const bot of bots) byTenant.set(bot.tenantId, [...(byTenant.get(bot.tenantId) ?? []), bot]);
  const named = (name: string): RunnableBot | undefined => {
    const tenant = scopedTenant();
    if (tenant !== undefined) return byTenantAndName.get(`${tenant}/${name}`);
    const all = byName.get(name);
    return all?.length === 1 ? all[0] : byTenantAndName.get(`${DEFAULT_TENANT_ID}/${name}`);
  };
  const find = (idOrName: string): RunnableBot | undefined => {
    const tenant = currentTenant();
    const bot = byId.get(idOrName) ?? byTenantAndName.get(`${tenant}/${idOrName}`);
    return bot?.tenantId === tenant ? bot : undefined;
  };
  return {
    all: bots,
    find,
    named,
    tenantOf: (botId) => byId.get(botId)?.tenantId,
    ofTenant: {
      get all() { return byTenant.get(currentTenant()) ?? []; },
      find,
    },
  };
}
