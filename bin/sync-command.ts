import type { ProcessSettings } from '../config/index.js';
import { createDirectoryUsersRepo, createGroupsRepo, createTenantsRepo, createUsersRepo } from '../db/index.js';
import { createIdentityProvider } from '../groups/index.js';
import { createLdapDirectory, readLdapSyncSettings, syncLdap } from '../identity/index.js';
import { DomainError } from '../infra/errors.js';
import type { Logger } from '../infra/logger.js';
import { outboundPool } from '../infra/outbound-pool.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../tenancy/index.js';
import type { CliIo } from './run-command.js';
import { withDatabase } from './with-database.js';

const USAGE = `Usage: switchboard sync ldap [--tenant SLUG] [--url U] [--base-dn DN] [--filter F] [--map field=attr,…]
                            [--groups-dn DN] [--groups-filter F] [--page-size N] [--every 15m]

  Creates and updates users (and group memberships) from an LDAP directory; users gone from it
  are deactivated, not deleted. Settings default to LDAP_SYNC_* and LDAP_BIND_DN/LDAP_BIND_PASSWORD
  (docs/migration/identity.md). With --tenant, the directory is that tenant's: its users become
  the tenant's own accounts and members, its groups the tenant's (docs/operations/tenants.md,
  "Identity"); without it, the installation's accounts, as always. With --every (or
  LDAP_SYNC_EVERY) it runs again at that interval until stopped. Each run prints a JSON report.`;

/** `switchboard sync ldap` (docs/migration/identity.md, "LDAP sync"). */
export async function syncCommand(args: string[], settings: ProcessSettings, logger: Logger, io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (args[0] !== 'ldap') {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let options;
  const { tenant: slug, rest } = tenantOption(args.slice(1));
  try {
    options = readLdapSyncSettings(rest, env);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    io.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await withDatabase(settings, io, async (database) => {
      const tenant = slug === undefined ? undefined : await createTenantsRepo(database.db).findBySlug(slug);
      if (slug !== undefined && tenant?.status !== 'active') {
        io.stderr.write(`${tenant ? `The tenant "${slug}" is suspended` : `There is no tenant "${slug}"`}\n`);
        return 1;
      }
      // A tenant's directory: its own accounts, and its groups, which the tenant's scope shows.
      const tenantId = tenant && tenant.id !== DEFAULT_TENANT_ID ? tenant.id : undefined;
      const inTenant = <T>(work: () => Promise<T>) => (tenantId ? runAsTenant(tenantId, work) : work());
      const fetch = outboundPool({ allowPrivateNetworks: settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS }).fetch;
      const groups = await createIdentityProvider(settings, { embedded: createGroupsRepo(database.db), logger, fetch });
      const users = tenantId ? createDirectoryUsersRepo(database.db, tenantId) : createUsersRepo(database.db);
      const deps = { users, directory: createLdapDirectory(options), groups };
      try {
        for (;;) {
          const report = await inTenant(() => syncLdap(deps, options.mapping)).catch((error: unknown) => {
            // A scheduled run keeps going after a failed one (directory down); a single run reports it.
            if (options.every === undefined || !(error instanceof DomainError)) throw error;
            io.stderr.write(`${new Date().toISOString()} ${error.message}\n`);
            return undefined;
          });
          if (report) io.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), ...report })}\n`);
          if (options.every === undefined) return report && report.users.failed === 0 ? 0 : 1;
          if (await aborted(stop.signal, options.every)) return 0;
        }
      } finally {
        await groups.close();
      }
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** `--tenant <slug>` taken out of the sync's own options. */
function tenantOption(args: string[]): { tenant?: string; rest: string[] } {
  const at = args.indexOf('--tenant');
  if (at === -1 || at % 2 !== 0 || args[at + 1] === undefined) return { rest: args };
  return { tenant: args[at + 1]!, rest: [...args.slice(0, at), ...args.slice(at + 2)] };
}

/** Waits `ms`; true when a signal arrived meanwhile. */
function aborted(signal: AbortSignal, ms: number): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(true);
    }, { once: true });
  });
}
