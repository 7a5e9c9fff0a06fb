import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DatabaseHandle } from '../../db/connection.js';
import { createBotsRepo } from '../../db/bots-repo.js';
import {
  createAttendanceRepositories, createContentRecordsRepo, createDirectoryUsersRepo, createNotificationPushRepo, createNotificationSettingsRepo, createSmsOptOutsRepo,
  createTenantsRepo, createTenantUsersRepo, createTicketsRepo, createUsersRepo, createWorkchatConversationsRepo,
} from '../../db/index.js';
import { bots, sessions, tenants } from '../../db/schema/index.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../../tenancy/index.js';
import { emptyDatabaseDrivers, type EmptyDatabase } from '../support/empty-databases.js';

/**
 * Isolation is the database's (docs/operations/tenants.md, "Isolation"): a statement that names
 * no tenant still sees, changes and adds only the rows of the tenant its work runs for, on both
 * drivers, and the service's connection cannot step out of the policies.
 */
const drivers = await emptyDatabaseDrivers();

/** drizzle wraps the database's error; the policy's refusal is its cause. */
const refusedByPolicy = { cause: expect.objectContaining({ message: expect.stringMatching(/row-level security/) }) };

describe.each(drivers)('tenant isolation on %s', (_name, open) => {
  let opened: EmptyDatabase;
  let h: DatabaseHandle;
  let acme: string;
  let globex: string;
  const count = async (table: string) =>
    rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

  beforeAll(async () => {
    opened = await open();
    h = opened.handle;
    await h.migrate();
    const ids = await Promise.all(['acme', 'globex'].map(async (slug) => {
      const [row] = await h.db.insert(tenants).values({ slug, name: slug.toUpperCase() }).returning();
      return row!.id;
    }));
    acme = ids[0]!;
    globex = ids[1]!;
    // The same bot name in each tenant, and a customer session on each.
    for (const tenant of [acme, globex]) {
      await runAsTenant(tenant, async () => {
        const bot = await createBotsRepo(h.db).ensure('support');
        await h.db.insert(sessions).values({ bot_id: bot.id, channel: 'web', external_user_id: `visitor-of-${tenant}` });
      });
    }
  });
  afterAll(async () => { await opened.dispose(); });

  test('a query with no tenant in it returns only the rows of the tenant the work runs for', async () => {
    const visitors = (tenant: string) => runAsTenant(tenant, async () =>
      rowsOf<{ external_user_id: string }>(await h.db.execute(sql`select external_user_id from sessions`)).map((r) => r.external_user_id));
    expect(await visitors(acme)).toEqual([`visitor-of-${acme}`]);
    expect(await visitors(globex)).toEqual([`visitor-of-${globex}`]);
    expect(await visitors(DEFAULT_TENANT_ID)).toEqual([]);
    // Outside any scope: the default tenant's rows, which are none here.
    expect(await count('sessions')).toBe(0);
  });

  test('bot names are unique per tenant, not across them', async () => {
    // A drizzle query runs when awaited: inside the scope, so awaited there.
    const names = await runAsTenant(acme, async () => await h.db.select({ name: bots.name }).from(bots));
    expect(names).toEqual([{ name: 'support' }]);
    await runAsTenant(acme, async () => {
      await expect(h.db.insert(bots).values({ name: 'support' })).rejects.toThrow();
    });
  });

  test("a row cannot be written into another tenant, nor another tenant's row changed or deleted", async () => {
    const theirs = `visitor-of-${globex}`;
    await runAsTenant(acme, async () => {
      await expect(h.db.execute(sql`insert into bots (name, tenant_id) values ('sneaky', ${globex})`)).rejects.toMatchObject(refusedByPolicy);
      // Its own row cannot be handed over either.
      await expect(h.db.execute(sql`update sessions set tenant_id = ${globex}`)).rejects.toMatchObject(refusedByPolicy);
      expect(rowsOf(await h.db.execute(sql`update sessions set channel = 'sms' where external_user_id = ${theirs} returning id`))).toEqual([]);
      await h.db.execute(sql`delete from sessions where external_user_id = ${theirs}`);
    });
    const [row] = await runAsTenant(globex, async () =>
      rowsOf<{ channel: string }>(await h.db.execute(sql`select channel from sessions where external_user_id = ${theirs}`)));
    expect(row).toEqual({ channel: 'web' });
  });

  test("users as a tenant sees them: in the default tenant everyone with their own roles, in another its members with their roles there", async () => {
    const people = createUsersRepo(h.db);
    const view = createTenantUsersRepo(h.db);
    const boss = await people.insert({ username: 'boss', email: 'boss@example.test', roles: ['admin'], is_admin: true });
    const agent = await people.insert({ username: 'agent', email: 'agent@example.test', roles: [] });
    await createTenantsRepo(h.db).putMembership(acme, agent.id, ['attendant']);
    const seen = (tenant: string) => runAsTenant(tenant, async () => (await view.list()).map((u) => [u.username, u.roles, u.is_admin]));
    expect(await seen(DEFAULT_TENANT_ID)).toEqual([['boss', ['admin'], true], ['agent', [], false]]);
    expect(await seen(acme)).toEqual([['agent', ['attendant'], false]]);
    expect(await seen(globex)).toEqual([]);
    await runAsTenant(acme, async () => {
      expect(await view.findById(boss.id)).toBeUndefined();
      expect((await view.findByLogin('agent'))?.roles).toEqual(['attendant']);
    });
    // Signing in still finds everyone: the installation's repository is unchanged.
    expect(await runAsTenant(acme, () => people.findByLogin('boss'))).toMatchObject({ username: 'boss' });
  });

  test("a tenant's own directory: the same username and email in two tenants and the installation, each seeing only its own (migration 0039)", async () => {
    const installation = createDirectoryUsersRepo(h.db);
    const [acmes, globexes] = [createDirectoryUsersRepo(h.db, acme), createDirectoryUsersRepo(h.db, globex)];
    const person = { username: 'ana', email: 'ana@corp.test', source: 'scim' as const };
    const own = await installation.insert({ ...person, roles: ['admin'], is_admin: true });
    const a = await acmes.insert({ ...person, roles: ['attendant'], is_admin: false });
    const g = await globexes.insert({ ...person, roles: [] });
    expect(new Set([own.id, a.id, g.id]).size).toBe(3);
    // A directory's account has no installation role: its roles are its membership's in the tenant.
    expect(a).toMatchObject({ roles: ['attendant'], directory_tenant_id: acme });
    expect(await createUsersRepo(h.db).findById(a.id)).toMatchObject({ roles: [], is_admin: false });
    expect((await createTenantsRepo(h.db).membersOf(acme)).find((m) => m.user_id === a.id)?.roles).toEqual(['attendant']);
    await expect(acmes.insert({ ...person, username: 'ANA', email: 'other@corp.test' })).rejects.toThrow();

    expect((await acmes.findByLogin('ANA'))?.id).toBe(a.id);
    expect((await globexes.findByEmail('ana@corp.test'))?.id).toBe(g.id);
    expect((await installation.findByLogin('ana'))?.id).toBe(own.id);
    expect((await createUsersRepo(h.db).findByLogin('ana'))?.id).toBe(own.id);
    expect((await acmes.match({})).map((u) => u.id)).toEqual([a.id]);
    expect((await installation.match({ username: 'ana' })).map((u) => u.id)).toEqual([own.id]);
    // By id, each directory reaches its own accounts only, for reading and writing alike.
    expect(await acmes.findById(g.id)).toBeUndefined();
    expect(await installation.findById(a.id)).toBeUndefined();
    expect(await acmes.update(g.id, { display_name: 'taken over' })).toBeUndefined();
    expect(await installation.update(a.id, { is_active: false })).toBeUndefined();
    expect(await globexes.delete(a.id)).toBe(false);
    expect(await acmes.findById(a.id)).toMatchObject({ is_active: true, display_name: '' });
    expect(await acmes.update(a.id, { display_name: 'Ana A.', roles: ['supervisor'] })).toMatchObject({ display_name: 'Ana A.', roles: ['supervisor'] });

    // The tenant's view finds its own directory's "ana"; the default tenant's, the installation's.
    const view = createTenantUsersRepo(h.db);
    expect((await runAsTenant(acme, () => view.findByLogin('ana')))?.id).toBe(a.id);
    expect((await runAsTenant(globex, () => view.findByEmail('ana@corp.test')))?.id).toBe(g.id);
    expect((await view.findByLogin('ana'))?.id).toBe(own.id);
    expect((await view.list()).map((u) => u.id)).not.toContain(a.id);

    // A tenant's directory goes with the tenant.
    const [initech] = await h.db.insert(tenants).values({ slug: 'initech', name: 'Initech' }).returning();
    const i = await createDirectoryUsersRepo(h.db, initech!.id).insert({ ...person, roles: [] });
    expect(await createTenantsRepo(h.db).delete(initech!.id)).toBe(true);
    expect(await createUsersRepo(h.db).findById(i.id)).toBeUndefined();
    for (const id of [own.id, a.id, g.id]) await createUsersRepo(h.db).delete(id);
  });

  test("a template's name, a number's opt-out, a provider's message id and a person's profile and preferences are each tenant's own (migration 0037)", async () => {
    const optOuts = createSmsOptOutsRepo(h.db);
    for (const tenant of [acme, globex]) {
      await runAsTenant(tenant, async () => {
        await h.db.execute(sql`insert into notification_templates (name, title, body, channels) values ('welcome', ${tenant}, 'hi', '{in_app}')`);
        await h.db.execute(sql`insert into inbound_queue (channel, bot, external_user_id, provider_message_id, message) values ('bot_msg', 'support', 'u1', 'update-1', '{}')`);
      });
    }
    await runAsTenant(acme, () => optOuts.optOut('+14155550100', 'STOP'));
    await runAsTenant(acme, () => optOuts.optOut('+14155550100', 'UNSUBSCRIBE'));
    await runAsTenant(globex, () => optOuts.optOut('+14155550100', 'STOP'));
    expect(await runAsTenant(acme, () => optOuts.isOptedOut('+14155550100'))).toBe(true);
    expect(await optOuts.isOptedOut('+14155550100')).toBe(false);
    // One person attending in two tenants: a profile, preferences and activity in each.
    const [person] = rowsOf<{ id: string }>(await h.db.execute(sql`insert into users (username, email) values ('two-desks', 'two@example.test') returning id`));
    const profiles = createAttendanceRepositories(h.db).profiles;
    const settings = createNotificationSettingsRepo(h.db);
    for (const [tenant, status] of [[acme, 'online'], [globex, 'away']] as const) {
      await runAsTenant(tenant, async () => {
        await profiles.upsert(person!.id, { status });
        await profiles.upsert(person!.id, { department: tenant });
        await settings.savePreferences(person!.id, { tenant });
        await settings.touch(person!.id, new Date());
      });
    }
    // The same browser, phone and workchat conversation in both tenants.
    const push = createNotificationPushRepo(h.db);
    const workchat = createWorkchatConversationsRepo(h.db);
    for (const tenant of [acme, globex]) {
      await runAsTenant(tenant, async () => {
        for (let i = 0; i < 2; i++) {
          await push.save({ endpoint: 'https://push.example.test/one', user_id: person!.id, p256dh: tenant, auth: 'a' });
          await push.saveDevice({ token: 'device-one', user_id: person!.id, platform: 'android' });
          await workchat.save({
            bot: 'support', conversation_id: 'conv-1', service_url: `https://${i}.example.test/`, channel_id: 'msteams', tenant_id: tenant,
            bot_account_id: 'bot-1', bot_account_name: null, user_id: 'u1', user_name: null, directory_id: null,
          });
        }
      });
    }
    for (const tenant of [acme, globex]) {
      expect((await runAsTenant(tenant, () => push.ofUser(person!.id))).map((r) => r.p256dh)).toEqual([tenant]);
      expect(await runAsTenant(tenant, () => push.devicesOf(person!.id))).toEqual([{ token: 'device-one' }]);
      // (Its `tenant_id` is the Bot Framework's directory tenant, stored as directory_tenant_id.)
      expect(await runAsTenant(tenant, () => workchat.find('support', 'conv-1'))).toMatchObject({ tenant_id: tenant, service_url: 'https://1.example.test/' });
    }
    for (const [tenant, status] of [[acme, 'online'], [globex, 'away']] as const) {
      expect(await runAsTenant(tenant, () => profiles.get(person!.id))).toMatchObject({ status, department: tenant });
      expect((await runAsTenant(tenant, () => settings.preferencesOf([person!.id]))).get(person!.id)).toEqual({ tenant });
    }
    await runAsTenant(acme, async () => {
      // Within a tenant, the keys still hold.
      await expect(h.db.execute(sql`insert into notification_templates (name, title, body, channels) values ('welcome', 'again', 'hi', '{in_app}')`)).rejects.toThrow();
      expect(rowsOf<{ title: string }>(await h.db.execute(sql`select title from notification_templates`))).toEqual([{ title: acme }]);
    });
  });

  test("ticket numbers count from 1 in each tenant, concurrent creations take consecutive ones, and a number finds its tenant's ticket (migration 0038)", async () => {
    const tickets = createTicketsRepo(h.db);
    const sessionOf = (tenant: string) => runAsTenant(tenant, async () =>
      rowsOf<{ id: string }>(await h.db.execute(sql`select id from sessions`))[0]!.id);
    const open = (tenant: string, subject: string) => runAsTenant(tenant, async () =>
      tickets.create({ session_id: await sessionOf(tenant), subject }));
    for (const n of [1, 2]) {
      expect((await open(acme, `acme ${n}`)).ticket_number).toBe(n);
      expect((await open(globex, `globex ${n}`)).ticket_number).toBe(n);
    }
    // Ten at once in one tenant (on PostgreSQL, over several connections): each its own next number.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => open(acme, `burst ${i}`)));
    expect(burst.map((t) => t.ticket_number).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // A creation rolled back gives its number back.
    const session = await sessionOf(globex);
    await runAsTenant(globex, async () => {
      await expect(h.db.transaction(async (tx) => {
        await createTicketsRepo(tx as unknown as Database).create({ session_id: session, subject: 'abandoned' });
        throw new Error('changed my mind');
      })).rejects.toThrow('changed my mind');
    });
    expect((await open(globex, 'globex 3')).ticket_number).toBe(3);
    expect((await runAsTenant(acme, () => tickets.getByNumber(2)))?.subject).toBe('acme 2');
    expect((await runAsTenant(globex, () => tickets.getByNumber(2)))?.subject).toBe('globex 2');
    expect(await runAsTenant(globex, () => tickets.getByNumber(12))).toBeUndefined();
    await runAsTenant(acme, async () => {
      // Within a tenant, a number is still one ticket's.
      await expect(h.db.execute(sql`insert into attendance_tickets (session_id, subject, ticket_number) values (${await sessionOf(acme)}, 'again', 1)`)).rejects.toThrow();
    });
  });

  test("the same mailbox, calendar and address book imported in two tenants are each tenant's own (migration 0038)", async () => {
    const [owner] = rowsOf<{ id: string }>(await h.db.execute(sql`insert into users (username, email) values ('importer', 'importer@example.test') returning id`));
    const records = createContentRecordsRepo(h.db);
    const reader = { user_id: owner!.id, groups: [], all: false };
    const page = { limit: 10, offset: 0 };
    const importAll = (tenant: string) => runAsTenant(tenant, async () => [
      await records.mail.upsert({ owner_id: owner!.id, source: 'imap:mail.example.test', folder: 'INBOX', uid: '7', subject: tenant }),
      await records.calendar.upsert({
        owner_id: owner!.id, source: 'ics:team.ics', uid: 'standup@example.test', summary: tenant,
        starts_at: new Date('2026-12-01T10:00:00Z'), ends_at: new Date('2026-12-01T10:15:00Z'),
      }),
      await records.contacts.upsert({ owner_id: owner!.id, source: 'vcf:people.vcf', external_id: 'card-1', full_name: tenant }),
    ]);
    // The first import in each tenant inserts; a second one in the same tenant updates.
    expect(await importAll(acme)).toEqual([true, true, true]);
    expect(await importAll(globex)).toEqual([true, true, true]);
    expect(await importAll(acme)).toEqual([false, false, false]);
    for (const tenant of [acme, globex]) {
      const seen = await runAsTenant(tenant, async () => ({
        mail: (await records.mail.list(reader, {}, page)).map((m) => m.subject),
        events: (await records.calendar.inRange(reader, new Date('2026-11-30T00:00:00Z'), new Date('2026-12-02T00:00:00Z'))).map((e) => e.summary),
        contacts: (await records.contacts.list(reader, page)).map((c) => c.full_name),
      }));
      expect(seen).toEqual({ mail: [tenant], events: [tenant], contacts: [tenant] });
    }
  });

  test('concurrent work of two tenants on the same connections stays apart', async () => {
    const rounds = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? acme : globex));
    const seen = await Promise.all(rounds.map((tenant) => runAsTenant(tenant, async () =>
      rowsOf<{ external_user_id: string }>(await h.db.execute(sql`select external_user_id from sessions`)).map((r) => r.external_user_id))));
    rounds.forEach((tenant, i) => expect(seen[i]).toEqual([`visitor-of-${tenant}`]));
  });

  test('transactions run for the tenant they began in', async () => {
    const inTx = (tenant: string) => runAsTenant(tenant, () => h.db.transaction(async (tx) =>
      rowsOf<{ external_user_id: string }>(await tx.execute(sql`select external_user_id from sessions`)).map((r) => r.external_user_id)));
    const [a, g] = await Promise.all([inTx(acme), inTx(globex)]);
    expect(a).toEqual([`visitor-of-${acme}`]);
    expect(g).toEqual([`visitor-of-${globex}`]);
  });

  test("the service's connection is not a superuser and cannot turn the policies off", async () => {
    const [who] = rowsOf<{ user: string; superuser: boolean; bypass: boolean }>(await h.db.execute(sql`
      select current_user as user, r.rolsuper as superuser, r.rolbypassrls as bypass from pg_roles r where r.rolname = current_user`));
    expect(who).toEqual({ user: 'switchboard_app', superuser: false, bypass: false });
    await runAsTenant(acme, async () => {
      // With row_security off, a query the policies would filter is an error for a role they bind.
      await expect(h.db.transaction(async (tx) => {
        await tx.execute(sql`set local row_security = off`);
        await tx.execute(sql`select count(*) from sessions`);
      })).rejects.toMatchObject(refusedByPolicy);
    });
  });

  test('every table belongs to a tenant, with its policy forced, except the installation-wide ones', async () => {
    const installation = ['call_instances', 'deployment', 'tenant_memberships', 'tenants', 'users'];
    const tables = rowsOf<{ name: string; owned: boolean; rls: boolean; forced: boolean; policies: number }>(await h.db.execute(sql`
      select c.relname as name,
        exists (select 1 from information_schema.columns k where k.table_schema = 'public' and k.table_name = c.relname and k.column_name = 'tenant_id') as owned,
        c.relrowsecurity as rls, c.relforcerowsecurity as forced,
        (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`));
    const unguarded = tables.filter((t) => !installation.includes(t.name) && !(t.owned && t.rls && t.forced && t.policies > 0)).map((t) => t.name);
    expect(unguarded).toEqual([]);
    expect(tables.length).toBeGreaterThan(50);
  });

  test("every unique key of a tenant's table is the tenant's, or holds the id of one of the tenant's rows", async () => {
    const keys = rowsOf<{ key: string }>(await h.db.execute(sql`
      select i.relname as key from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and x.indisunique and c.relrowsecurity
        and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and a.attnum = any (x.indkey))
        and pg_get_indexdef(x.indexrelid) not like '%USING btree (id)' order by 1`)).map((r) => r.key);
    expect(keys.filter((k) => !SCOPED_BY_A_TENANT_ROW.includes(k))).toEqual([]);
  });
});

/**
 * Keys that hold the id of a row of the same tenant (a bot, a session, a queue…): two tenants'
 * rows can never share one (docs/operations/tenants.md, "Isolation").
 */
const SCOPED_BY_A_TENANT_ROW = [
  'attendance_conversations_pkey', 'attendance_queue_hours_pkey', 'attendance_queue_members_queue_user_key', 'attendance_report_facts_pkey',
  'attendance_sla_clocks_cycle_key', 'attendance_sla_policies_scope_key', 'bot_memory_bot_id_scope_key_pk', 'bot_watches_bot_id_watch_key_pk',
  'content_file_versions_file_version_key', 'crm_campaign_recipients_key', 'crm_campaigns_bot_ref_key', 'crm_contact_identities_key',
  'crm_contacts_bot_email_key', 'crm_contacts_bot_phone_key', 'directory_group_members_group_id_user_id_pk', 'knowledge_sources_bot_source_idx',
  'live_calls_pkey', 'messages_provider_id_idx', 'notification_deliveries_notification_id_recipient_id_channel_pk', 'sessions_open_customer_idx',
  'team_chat_threads_pkey', 'team_chat_threads_thread_key',
];
