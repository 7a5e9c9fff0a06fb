import type pg from 'pg';
import { currentTenant, DEFAULT_TENANT_ID } from '../tenancy/index.js';

/**
 * The tenant of every statement (docs/operations/tenants.md, "Isolation"). Each connection
 * carries `switchboard.tenant_id`, which the tables' row-level security policies compare with
 * their `tenant_id` (migration 0036): before a statement runs on a connection, the connection is
 * given the tenant of the work at hand (tenancy/tenant-scope.ts) when it holds another one. A
 * connection keeps what it was given, so a deployment with one tenant sets it once per
 * connection, not once per statement.
 *
 * A superuser (or a role exempt from row-level security) would see every tenant's rows, so its
 * connections drop to `switchboard_app`, the role migration 0036 creates: not a superuser, not
 * exempt, with rights on the tables and nothing more. A connecting user that is neither runs as
 * itself, the tables' owner, on whom the policies are forced.
 */
export const APPLICATION_ROLE = 'switchboard_app';

/**
 * Whether this connection's user would bypass the policies, and the application's role exists
 * with its rights in this database: roles are the server's, so the role may exist before this
 * database's migration 0036 (the one that creates `tenants`) granted it anything.
 */
export const DROP_TO_APPLICATION_ROLE_SQL = `select exists (select 1 from pg_roles where rolname = current_user and (rolsuper or rolbypassrls))
  and exists (select 1 from pg_roles where rolname = '${APPLICATION_ROLE}')
  and to_regclass('public.tenants') is not null as drop_role`;

/** The statement that gives a connection `tenantId`; the id is a checked UUID (runAsTenant), safe in the text. */
export const setTenantSql = (tenantId: string): string => `select set_config('switchboard.tenant_id', '${tenantId}', false)`;

interface ConnectionState {
  tenant: string;
  role: boolean;
}

/**
 * The pool drizzle and the hot path's statements use on PostgreSQL: node-postgres' pool, with
 * each checked-out connection brought to the current tenant (and role) first. drizzle takes it
 * for a pool by its name (it checks the constructor's name) and calls `query` and `connect`.
 */
export class TenantScopedPool {
  /** Set by `decideRole`: connections then run as the application's role. */
  private dropRole = false;
  /** Asked on the first connection, and again after the migrations (which may have created the role). */
  private decided = false;
  private readonly states = new WeakMap<pg.PoolClient, ConnectionState>();

  constructor(readonly pool: pg.Pool) {}

  /** Reads whether connections must drop to the application's role (at open, and after the migrations created it). */
  async decideRole(client: pg.ClientBase): Promise<void> {
    const { rows } = await client.query<{ drop_role: boolean }>(DROP_TO_APPLICATION_ROLE_SQL);
    this.dropRole = rows[0]?.drop_role === true;
    this.decided = true;
  }

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    try {
      if (!this.decided) await this.decideRole(client);
      await this.bringToTenant(client);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  }

  /** As node-postgres' `pool.query`: one checkout, the statement, the release (a connection that failed is not reused). */
  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      const result = await client.query(config as pg.QueryConfig, values);
      client.release();
      return result;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  private async bringToTenant(client: pg.PoolClient): Promise<void> {
    let state = this.states.get(client);
    if (state === undefined) {
      this.states.set(client, (state = { tenant: DEFAULT_TENANT_ID, role: false }));
      // A connection cut while checked out between two statements (a transaction's, the server
      // restarting) emits 'error' with no query to take it: without a listener that ends the
      // process. The next statement on it fails instead, and its release drops it from the pool.
      client.on('error', () => undefined);
    }
    const tenant = currentTenant();
    const statements: string[] = [];
    if (this.dropRole && !state.role) statements.push(`set role ${APPLICATION_ROLE}`);
    if (state.tenant !== tenant) statements.push(setTenantSql(tenant));
    if (statements.length === 0) return;
    // One round trip for both: a simple-protocol query may hold several statements.
    await client.query(statements.join('; '));
    state.role ||= this.dropRole;
    state.tenant = tenant;
  }
}
